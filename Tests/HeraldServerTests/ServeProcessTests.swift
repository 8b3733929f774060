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
    let status = await server.stop(within: 15)
    #expect(status == 0, "herald serve did not exit within 15 s of SIGTERM")
  }

  /// `$HERALD_POSTGRES_URL` exported for other commands does not turn a server of a named SQLite
  /// file into one for many users (the URL here leads nowhere: had it been used, serve would fail).
  @Test func aNamedDatabaseFileWinsOverThePostgresVariable() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = [
      "HERALD_DATABASE": directory.path("herald.sqlite"),
      "HERALD_POSTGRES_URL": "postgres://nobody@127.0.0.1:1/none",
    ]
    let token = try HeraldProcess.run(["token", "create", "test"], environment: environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let port = Int.random(in: 20_000...40_000)
    let server = try StreamingProcess(["serve", "--port", String(port)], environment: environment)
    defer { server.kill() }
    var status: Int?
    for _ in 0..<300 where status == nil {
      status =
        try? await RawHTTPClient.request(
          port: port, "GET", "/api/v1/tasks",
          headers: [("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)")]
        ).status
      if status == nil { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(status == 200, "the SQLite token was not accepted")

    let both = try HeraldProcess.run(
      ["serve", "--postgres", "postgres://nobody@127.0.0.1:1/none", "--database", directory.path("x.sqlite")])
    #expect(both.status != 0)
    #expect(both.stdout.isEmpty)
    #expect(
      both.stderr == "error: --database: cannot be used with --postgres: the users' data is in the database\n"
    )
  }

  /// A desktop told to follow a single-user server (`herald run --server`) hears in one line why it
  /// cannot: one person's reminders are shown by that server's own daemon. A bad token, the same.
  @Test func followingASingleUserServerIsRefusedInOneLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["HERALD_DATABASE": directory.path("herald.sqlite")]
    let token = try HeraldProcess.run(["token", "create", "laptop"], environment: environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let port = Int(try TCPTestServer.freePort())
    let server = try StreamingProcess(["serve", "--port", String(port)], environment: environment)
    defer { server.kill() }
    var answered = false
    for _ in 0..<1_200 where !answered {
      let answer = try? await RawHTTPClient.request(
        port: port, "GET", "/openapi.yaml", headers: [("Host", "127.0.0.1:\(port)")])
      answered = answer?.status == 200
      if !answered { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(answered, "herald serve did not answer on \(port)")
    let follow = ["run", "--server", "http://127.0.0.1:\(port)", "--sink", "stdout"]
    let local = ["--database", directory.path("desktop.sqlite")]

    let refused = try HeraldProcess.run(follow + ["--token", token] + local)
    #expect(refused.status != 0)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == ("error: the server http://127.0.0.1:\(port) refused the delivery stream (HTTP 409): deliveries: a single-user server's reminders are shown by its own daemon (herald run); the delivery stream is served for many users, on PostgreSQL\n"),
      "\(refused.stderr)")
    let stranger = try HeraldProcess.run(follow + ["--token", "hrld_not-a-token"] + local)
    #expect(stranger.status != 0)
    #expect(
      stranger.stderr
        == ("error: the server http://127.0.0.1:\(port) refused the delivery stream (HTTP 401): the bearer token is not valid\n"),
      "\(stranger.stderr)")
    let noToken = try HeraldProcess.run(follow + local)
    #expect(noToken.status != 0)
    #expect(noToken.stderr == "error: --token: required with --server (or set HERALD_TOKEN)\n")
    #expect(await server.stop(within: 15) == 0)
  }
}
