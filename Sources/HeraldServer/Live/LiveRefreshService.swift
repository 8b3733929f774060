import Foundation
import HeraldContracts
import HeraldRuntime
import HeraldSQLite
import ServiceLifecycle

/// Keeps the live events current without being told: a change by another process (the CLI, the
/// daemon's buttons) is noticed within `pollInterval` through the store's data version; a block
/// starting or ending by the clock is noticed within a second; a keepalive goes out regularly.
struct LiveRefreshService: Service {
  let hub: LiveEventHub
  let store: SQLiteStore
  var pollInterval: Duration = .milliseconds(200)
  var timeCheckInterval: Duration = .seconds(1)
  var keepaliveInterval: Duration = .seconds(15)

  /// Ends on SIGTERM too: a service that only watched for cancellation kept `herald serve`
  /// running after its server had stopped.
  func run() async throws {
    try await cancelWhenGracefulShutdown { try await refreshUntilCancelled() }
  }

  private func refreshUntilCancelled() async throws {
    var version = try store.dataVersion()
    let clock = ContinuousClock()
    var lastTimeCheck = clock.now
    var lastKeepalive = clock.now
    while !Task.isCancelled {
      do { try await Task.sleep(for: pollInterval) } catch { return }
      let current = try store.dataVersion()
      let now = clock.now
      if current != version || now - lastTimeCheck >= timeCheckInterval {
        version = current
        lastTimeCheck = now
        await hub.refresh()
      }
      if now - lastKeepalive >= keepaliveInterval {
        lastKeepalive = now
        await hub.keepalive()
      }
    }
  }
}
