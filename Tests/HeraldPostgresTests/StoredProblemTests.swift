import Foundation
import HTTPTypes
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 48, row 1: one typed date could lock a many-user account. Instants outside the accepted
/// range are refused at every way in, and a row an older release stored that way is shown with
/// what can be read of it — the user reads, plans, fixes and removes it and everything else.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct StoredProblemTests {
  @Test(arguments: ["0000-01-01T10:00:00Z", "9999-12-31T23:00:00-02:00", "0001-01-01T12:00:00Z"])
  func anInstantOutsideTheRangeIsRefusedByTheAPI(due: String) async throws {
    try await PostgresServerHarness.with { harness in
      try await harness.test { client in
        let answer = try await harness.call(
          client, harness.alice, .post, "/api/v1/tasks", json: #"{"title":"Steuer","due":"\#(due)"}"#)
        #expect(answer.status == .unprocessableContent, "\(answer.text)")
        #expect(answer.text.contains("due"), "\(answer.text)")
        let tasks = try await harness.call(client, harness.alice, .get, "/api/v1/tasks")
        #expect(tasks.status == .ok)
        #expect((tasks.body as? [Any])?.isEmpty == true)
      }
    }
  }

  @Test(arguments: ["0000-01-01T10:00", "9999-12-31T10:00"])
  func anInstantOutsideTheRangeIsRefusedByTheTodayForm(due: String) async throws {
    try await PostgresServerHarness.with { harness in
      try await harness.test { client in
        let session = try await PagesSession.logIn(client, token: harness.alice.token)
        let answer = try await session.post(client, "/today/tasks", "title=Steuer&due=\(due)")
        // The form is shown again with the message, nothing stored.
        #expect(answer.status == .unprocessableContent, "\(answer.body.prefix(300))")
        #expect(answer.body.contains("outside the instants Herald accepts"))
        let tasks = try await harness.call(client, harness.alice, .get, "/api/v1/tasks")
        #expect((tasks.body as? [Any])?.isEmpty == true)
      }
    }
  }

  /// A task row an older release wrote with year 0000 (the form accepted it) no longer refuses
  /// the user: every read answers, the task is listed with its problem, a PUT mends it, a DELETE
  /// removes it.
  @Test func aDamagedTaskRowIsShownAndCanBeMendedOrRemoved() async throws {
    try await PostgresServerHarness.with { harness in
      try await harness.test { client in
        for json in [
          #"{"id":"t1","title":"Report","due":"2026-11-24T17:00:00+01:00"}"#,
          #"{"id":"t5","title":"Steuer"}"#,
        ] {
          #expect(
            try await harness.call(client, harness.alice, .post, "/api/v1/tasks", json: json).status
              == .created)
        }
        try await TestDatabase.admin(
          harness.store.url,
          """
          UPDATE user_task SET body = '{"id":"t5","title":"Steuer","due":"0000-01-01T09:06:32Z","completed":false}'
          WHERE id = 't5'
          """)
        try await TestDatabase.admin(harness.store.url, "UPDATE herald_user SET version = version + 1")
        let list = try await harness.call(client, harness.alice, .get, "/api/v1/tasks")
        #expect(list.status == .ok, "\(list.text)")
        let tasks = try #require(list.body as? [[String: Any]])
        #expect(tasks.map { $0["id"] as? String } == ["t1", "t5"])
        #expect(tasks[1]["title"] as? String == "Steuer")
        #expect(tasks[1]["due"] == nil)
        #expect(
          (tasks[1]["problem"] as? String)?.hasPrefix("due: not an RFC 3339 date") == true, "\(tasks[1])")
        #expect(tasks[0]["problem"] == nil)
        for path in ["/api/v1/plan", "/api/v1/live", "/api/v1/tasks/t5", "/api/v1/focus-blocks"] {
          let answer = try await harness.call(client, harness.alice, .get, path)
          #expect(answer.status == .ok, "\(path): \(answer.text)")
        }
        let session = try await PagesSession.logIn(client, token: harness.alice.token)
        let today = try await session.get(client, "/today")
        #expect(today.status == .ok)
        #expect(today.body.contains("id=\"stored-problems\""), "the page says what is wrong")
        // Mended: a due date set anew.
        let mended = try await harness.call(
          client, harness.alice, .put, "/api/v1/tasks/t5",
          json: #"{"title":"Steuer","due":"2026-11-25T17:00:00Z"}"#)
        #expect(mended.status == .ok, "\(mended.text)")
        let again = try await harness.call(client, harness.alice, .get, "/api/v1/tasks/t5")
        #expect((again.body as? [String: Any])?["problem"] == nil)
        #expect((again.body as? [String: Any])?["due"] as? String == "2026-11-25T17:00:00Z")
        // Damaged again, and removed.
        try await TestDatabase.admin(
          harness.store.url, "UPDATE user_task SET body = '{\"id\":\"t5\",\"title\":7}' WHERE id = 't5'")
        try await TestDatabase.admin(harness.store.url, "UPDATE herald_user SET version = version + 1")
        let removed = try await harness.call(client, harness.alice, .delete, "/api/v1/tasks/t5")
        #expect(removed.status == .noContent, "\(removed.text)")
        let left = try await harness.call(client, harness.alice, .get, "/api/v1/tasks")
        #expect((left.body as? [[String: Any]])?.map { $0["id"] as? String } == ["t1"])
      }
    }
  }
}

/// A browser's login on the pages of `serve --postgres`: its cookies and form token.
struct PagesSession {
  var cookies: [String]
  var formToken: String

  typealias Page = (status: HTTPResponse.Status, body: String)

  static func logIn(_ client: some TestClientProtocol, token: String) async throws -> PagesSession {
    let form = try await client.execute(uri: "/login", method: .get) { ($0.headers, String(buffer: $0.body)) }
    let formCookie = try #require(form.0[.setCookie]?.split(separator: ";").first.map(String.init))
    let formToken = try #require(form.1.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
    let login = try await client.execute(
      uri: "/login", method: .post,
      headers: [.cookie: formCookie, .contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: "_form=\(formToken)&next=%2Ftoday&token=\(token)")
    ) { $0.headers }
    let session = try #require(login[.setCookie]?.split(separator: ";").first.map(String.init))
    return PagesSession(cookies: [formCookie, session], formToken: String(formToken))
  }

  func get(_ client: some TestClientProtocol, _ path: String) async throws -> Page {
    try await client.execute(uri: path, method: .get, headers: [.cookie: cookies.joined(separator: "; ")]) {
      ($0.status, String(buffer: $0.body))
    }
  }

  func post(_ client: some TestClientProtocol, _ path: String, _ form: String) async throws -> Page {
    try await client.execute(
      uri: path, method: .post,
      headers: [.cookie: cookies.joined(separator: "; "), .contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: "_form=\(formToken)&" + form)
    ) { ($0.status, String(buffer: $0.body)) }
  }
}
