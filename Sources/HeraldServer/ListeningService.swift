import HeraldPostgres
import HeraldPostgresConnections
import Logging
import ServiceLifecycle

/// Holds a connection of `herald serve --postgres` listening on a channel for as long as the
/// server runs (`Relistening`, a second between a loss and the next try).
struct ListeningService: Service {
  /// What the connection listens for, for the log.
  let what: String
  let logger: Logger
  let listen: @Sendable () async throws -> Void
  var afterLoss: @Sendable () async -> Void = {}

  func run() async throws {
    await cancelWhenGracefulShutdown {
      await Relistening.run(what, pause: .seconds(1), logger: logger, listen: listen, afterLoss: afterLoss)
    }
  }
}
