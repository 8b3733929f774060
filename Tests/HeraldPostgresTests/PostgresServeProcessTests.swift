import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport
import Testing

/// `herald serve` with `HERALD_POSTGRES_URL` as a process: each token acts for its own user over a
/// real socket, a change replans that user's deliveries, and the process ends on SIGTERM.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresServeProcessTests {
  @Test func serveActsForEachTokensUserOverARealSocket() async throws {
    try await TestDatabase.withDatabase { url in
      let tokens = try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        var tokens: [String] = []
        for name in ["alice", "bob"] {
          tokens.append(
            try await store.addUser(
              name: name, timeZone: Fixtures.zone("Europe/Berlin"), language: .en, webhook: nil,
              at: Fixtures.instant("2026-11-23T07:00:00Z")))
        }
        return tokens
      }
      let port = Int.random(in: 20_000...40_000)
      let server = try StreamingProcess(
        ["serve", "--port", String(port), "--clock-start", "2026-11-23T07:00:00Z"],
        environment: ["HERALD_POSTGRES_URL": Self.text(url)])
      defer { server.kill() }
      func call(_ token: String, _ method: String, _ path: String, _ body: String? = nil) async throws
        -> RawHTTPClient.Response
      {
        try await RawHTTPClient.api(port: port, token: token, method, path, body)
      }
      var answered = false
      // Up to two minutes: a machine running every suite at once starts a process slowly.
      let deadline = Date().addingTimeInterval(120)
      while !answered, Date() < deadline {
        if let answer = try? await call(tokens[0], "GET", "/api/v1/tasks"), answer.status == 200 {
          answered = true
        } else {
          try await Task.sleep(for: .milliseconds(100))
        }
      }
      #expect(answered, "herald serve --postgres did not answer on \(port)")

      let created = try await call(
        tokens[0], "POST", "/api/v1/tasks",
        #"{"id": "t1", "title": "Alice task", "due": "2026-12-01T17:00:00+01:00"}"#)
      #expect(created.status == 201, "\(created.body)")
      #expect(try await call(tokens[1], "GET", "/api/v1/tasks/t1").status == 404)
      #expect(try await call(tokens[1], "GET", "/api/v1/tasks").body.contains("Alice") == false)
      #expect(try await call(tokens[0], "GET", "/api/v1/tasks/t1").body.contains("Alice task"))
      // The morning reminder at 09:00 in Alice's zone on the due day (plan.md).
      let rows = try await TestDatabase.column(
        url,
        """
        SELECT u.name || ' ' || d.request_id || ' ' || to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')
        FROM delivery d JOIN herald_user u ON u.id = d.user_id ORDER BY 1
        """)
      #expect(rows == ["alice due-date-morning-t1 2026-12-01T08:00Z"])

      let status = await server.stop(within: 15)
      #expect(status == 0, "herald serve --postgres did not exit within 15 s of SIGTERM")
    }
  }

  /// The URL with its password, as the process needs it.
  static func text(_ url: PostgresURL) -> String {
    let password = url.password.map {
      ":" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)
    }
    return "postgres://\(url.user)\(password ?? "")@\(url.host):\(url.port)/\(url.database)"
  }
}
