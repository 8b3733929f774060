import HeraldPostgres
import Logging
import ServiceLifecycle

/// Holds a connection of `herald serve --postgres` listening on a channel (`listen`, which
/// returns or throws when the connection ends) for as long as the server runs. A lost connection
/// is logged and made again a second later, after `afterLoss` catches up on what a notification
/// may have said meanwhile (nothing, when `listen` itself stops trusting what it heard).
struct ListeningService: Service {
  /// What the connection listens for, for the log.
  let what: String
  let logger: Logger
  let listen: @Sendable () async throws -> Void
  var afterLoss: @Sendable () async -> Void = {}

  func run() async throws {
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        do {
          try await listen()
        } catch  where !Task.isCancelled {
          // An outage of the database is logged once by its connections.
          if !(error is DatabaseUnavailable) {
            logger.warning(
              "listening for \(what) failed; again in 1 s",
              metadata: ["error": "\(PostgresProblem.describe(error))"])
          }
        } catch {
          return
        }
        await afterLoss()
        try? await Task.sleep(for: .seconds(1))
      }
    }
  }
}
