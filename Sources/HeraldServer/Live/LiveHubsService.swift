import Foundation
import ServiceLifecycle

/// Keeps the live events of a server for many users current: every `pollInterval` it compares
/// each open user's data version, every `timeCheckInterval` it refreshes them all (a block starts
/// or ends by the clock), and it sends keepalives regularly.
struct LiveHubsService: Service {
  let hubs: LiveHubs
  var pollInterval: Duration = .milliseconds(200)
  var timeCheckInterval: Duration = .seconds(1)
  var keepaliveInterval: Duration = .seconds(15)

  func run() async throws {
    await cancelWhenGracefulShutdown { await pollUntilCancelled() }
  }

  private func pollUntilCancelled() async {
    let clock = ContinuousClock()
    var lastTimeCheck = clock.now
    var lastKeepalive = clock.now
    while !Task.isCancelled {
      do { try await Task.sleep(for: pollInterval) } catch { return }
      let now = clock.now
      let all = now - lastTimeCheck >= timeCheckInterval
      if all { lastTimeCheck = now }
      await hubs.poll(all: all)
      if now - lastKeepalive >= keepaliveInterval {
        lastKeepalive = now
        await hubs.keepalive()
      }
    }
  }
}
