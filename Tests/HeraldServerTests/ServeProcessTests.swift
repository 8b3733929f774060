import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `herald serve` as a process: it answers on its port and ends on SIGTERM (issue 8: "shuts down
/// gracefully on SIGTERM"), which `.ci/schemathesis` relies on too.
@Suite struct ServeProcessTests {
  @Test func serveEndsOnSIGTERM() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let port = Int.random(in: 20_000...40_000)
    let server = try StreamingProcess(
      ["serve", "--port", String(port)], environment: ["HERALD_DATABASE": directory.path("herald.sqlite")])
    defer { server.kill() }
    var answered = false
    for _ in 0..<300 where !answered {
      if let answer = try? await RawHTTPClient.request(
        port: port, "GET", "/openapi.yaml", headers: [("Host", "127.0.0.1:\(port)")]), answer.status == 200
      {
        answered = true
      } else {
        try await Task.sleep(for: .milliseconds(100))
      }
    }
    #expect(answered, "herald serve did not answer on \(port)")
    server.terminate()
    // A server that ignores SIGTERM is killed after 15 s, so the test fails instead of hanging.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(15))
      server.kill()
    }
    let status = await server.waitForExit()
    watchdog.cancel()
    #expect(status == 0, "herald serve did not exit within 15 s of SIGTERM")
  }
}
