import HeraldPostgres
import Logging
import ServiceLifecycle

/// Listens for the workers' announcements of new deliveries and rings the bell for their users.
/// A lost connection is logged and made again a second later; then every stream reads once, in
/// case an announcement came meanwhile.
struct DeliveryBellService: Service {
  let bell: DeliveryBell
  let store: PostgresStore
  let logger: Logger

  func run() async throws {
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        do {
          try await store.listenForDeliveries { users in Task { await bell.ring(users) } }
        } catch  where !Task.isCancelled {
          // An outage of the database is logged once by its connections.
          if !(error is DatabaseUnavailable) {
            logger.warning(
              "listening for deliveries failed; again in 1 s",
              metadata: ["error": "\(PostgresProblem.describe(error))"])
          }
        } catch {
          return
        }
        await bell.ringAll()
        try? await Task.sleep(for: .seconds(1))
      }
    }
  }
}
