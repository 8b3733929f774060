import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldTestSupport
import Testing

/// A desktop following its user on a server for many users (`herald run --server`) while the
/// server is killed and started again: the lost stream is said once however long the outage, the
/// return once, and SIGTERM ends the desktop at once whatever it is waiting on.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DesktopOutageTests {
  @Test(.timeLimit(.minutes(3)))
  func aServerKilledAndStartedAgainIsSaidOnceEachWay() async throws {
    try await TestDatabase.withDatabase { url in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let alice = try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        try await store.addUser(
          name: "alice", timeZone: Fixtures.zone("Europe/Berlin"), language: .de, webhook: nil, at: Date())
      }
      let environment = ["HERALD_POSTGRES_URL": PostgresServeProcessTests.text(url)]
      let port = Int(try TCPTestServer.freePort())
      let serve = ["serve", "--port", String(port)]
      var server = try StreamingProcess(serve, environment: environment)
      defer { server.kill() }
      try await DeliveryStreamTests.waitUntilAnswering(port: port, token: alice)

      let desktop = try StreamingProcess(
        [
          "run", "--server", "http://127.0.0.1:\(port)", "--sink", "stdout",
          "--database", directory.path("desktop.sqlite"),
        ], environment: ["HERALD_TOKEN": alice])
      defer { desktop.kill() }
      try await DeliveryStreamTests.waitForLog(desktop, "following the server's deliveries")
      func count(_ text: String) -> Int { desktop.standardError.filter { $0.text.contains(text) }.count }

      // Killed: its retries fail (1 s, 2 s, 4 s … apart) and the log says so once.
      server.kill()
      _ = await server.waitForExit()
      try await DeliveryStreamTests.waitForLog(desktop, "the server's delivery stream is lost")
      try await Task.sleep(for: .seconds(8))
      #expect(count("the server's delivery stream is lost") == 1)

      // Back on the same port: followed again, said once.
      server = try StreamingProcess(serve, environment: environment)
      try await DeliveryStreamTests.waitForLog(desktop, "following the server's deliveries again")
      #expect(count("following the server's deliveries again") == 1)
      #expect(count("the server's delivery stream is lost") == 1)

      let stopping = Date()
      #expect(await desktop.stop(within: 10) == 0, "\(desktop.standardError.suffix(10).map(\.text))")
      #expect(Date().timeIntervalSince(stopping) < 5)
      #expect(await server.stop(within: 15) == 0)
    }
  }
}
