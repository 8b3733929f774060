import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// `herald serve --allow-remote` (issue 8): every page needs a login with a bearer token; the API
/// keeps needing the token itself; on loopback without the flag nothing changes.
@Suite struct RemoteLoginTests {
  typealias Page = (status: HTTPResponse.Status, headers: HTTPFields, body: String)

  static func send(
    _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, cookies: [String] = [],
    form: String? = nil
  ) async throws -> Page {
    var headers: HTTPFields = [:]
    if !cookies.isEmpty { headers[.cookie] = cookies.joined(separator: "; ") }
    if form != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
    return try await client.execute(
      uri: path, method: method, headers: headers, body: form.map { ByteBuffer(string: $0) }
    ) { ($0.status, $0.headers, String(buffer: $0.body)) }
  }

  /// The `name=value` part of a `Set-Cookie`.
  static func cookie(_ headers: HTTPFields) throws -> String {
    try #require(headers[.setCookie]?.split(separator: ";").first.map(String.init))
  }

  /// The login form as a browser gets it: its form-token cookie and the token in the form.
  static func loginForm(_ client: some TestClientProtocol) async throws -> (cookie: String, token: String) {
    let page = try await send(client, .get, "/login")
    #expect(page.status == .ok)
    #expect(page.body.contains("name=\"token\""))
    let token = try #require(page.body.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
    return (try cookie(page.headers), String(token))
  }

  @Test func theLoginPageNamesTheCommandThatPrintsAToken() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client in
      let page = try await Self.send(client, .get, "/login")
      #expect(
        page.body.contains("<label for=\"token\">Token (von herald token create NAME ausgegeben)</label>"))
    }
  }

  @Test func aPageWithoutALoginIsSentToTheLoginPage() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    let before = try harness.store.dump()
    try await harness.test { client in
      for (path, login) in [
        ("/", "/login"), ("/today", "/login"), ("/settings", "/login?next=/settings"),
        ("/live", "/login?next=/live"), ("/route", "/login?next=/route"),
        ("/route/map.svg", "/login?next=/route/map.svg"), ("/live/events", "/login?next=/live/events"),
      ] {
        let page = try await Self.send(client, .get, path)
        #expect(page.status == .seeOther, "\(path)")
        #expect(page.headers[.location] == login, "\(path)")
      }
      // A post without a session changes nothing, whatever form token it carries.
      let form = try await Self.loginForm(client)
      let post = try await Self.send(
        client, .post, "/today/tasks", cookies: [form.cookie], form: "_form=\(form.token)&title=Forged")
      #expect(post.status == .seeOther)
      #expect(post.headers[.location] == "/login")
      // A session cookie the server never made is no login either.
      let made = try await Self.send(
        client, .get, "/today", cookies: ["herald_session=\(String(repeating: "a", count: 43))"])
      #expect(made.status == .seeOther)
      // What the login page itself needs stays reachable.
      #expect(try await Self.send(client, .get, "/static/herald.css").status == .ok)
      #expect(try await Self.send(client, .get, "/openapi.yaml").status == .ok)
    }
    #expect(try harness.store.dump() == before)
  }

  @Test func aWrongTokenShowsTheLoginPageWithAnError() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client in
      let form = try await Self.loginForm(client)
      for wrong in ["hrld_wrong", harness.token + "x", ""] {
        let answer = try await Self.send(
          client, .post, "/login", cookies: [form.cookie],
          form: "_form=\(form.token)&next=%2Fsettings&token=\(wrong)")
        #expect(answer.status == .unauthorized, "\(wrong)")
        #expect(answer.body.contains("Dieses Token gilt nicht."), "\(wrong)")
        #expect(answer.body.contains("id=\"login-form\""))
        #expect(answer.headers[.setCookie]?.contains("herald_session") != true)
      }
      // The right token without the form token is refused: another site cannot log a browser in.
      let forged = try await Self.send(client, .post, "/login", form: "token=\(harness.token)")
      #expect(forged.status == .forbidden)
      #expect(forged.headers[.setCookie] == nil)
    }
  }

  @Test func theRightTokenOpensThePagesUntilItIsRevoked() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client in
      let form = try await Self.loginForm(client)
      let login = try await Self.send(
        client, .post, "/login", cookies: [form.cookie],
        form: "_form=\(form.token)&next=%2Fsettings&token=\(harness.token)")
      #expect(login.status == .seeOther)
      #expect(login.headers[.location] == "/settings")
      let setCookie = try #require(login.headers[.setCookie])
      #expect(setCookie.hasPrefix("herald_session="))
      #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
      let session = try Self.cookie(login.headers)
      #expect(!session.contains(harness.token))

      let settings = try await Self.send(client, .get, "/settings", cookies: [form.cookie, session])
      #expect(settings.status == .ok)
      #expect(settings.body.contains("Frist-Erinnerungen"))
      // A form post with the session and the form token is taken.
      let post = try await Self.send(
        client, .post, "/today/tasks", cookies: [form.cookie, session],
        form: "_form=\(form.token)&title=Steuer")
      #expect(post.status == .seeOther)
      #expect(post.headers[.location] == "/today")
      #expect(try harness.store.tasks().map(\.title) == ["Steuer"])
      // The session is no bearer token: the API still wants its own.
      #expect(try await Self.send(client, .get, "/api/v1/tasks", cookies: [session]).status == .unauthorized)

      // Revoking the token ends its sessions.
      try harness.store.revokeToken(name: "test")
      let after = try await Self.send(client, .get, "/settings", cookies: [form.cookie, session])
      #expect(after.status == .seeOther)
      #expect(after.headers[.location] == "/login?next=/settings")
    }
  }

  @Test func aLoginGoesOnOnlyToAPageOfThisServer() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client in
      let form = try await Self.loginForm(client)
      for next in ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example%2F", "%2F%5Cevil.example", "%2Flogin"] {
        let login = try await Self.send(
          client, .post, "/login", cookies: [form.cookie],
          form: "_form=\(form.token)&next=\(next)&token=\(harness.token)")
        #expect(login.status == .seeOther)
        #expect(login.headers[.location] == "/today", "\(next)")
      }
    }
  }

  @Test func aLogoutEndsTheSession() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client in
      let form = try await Self.loginForm(client)
      let login = try await Self.send(
        client, .post, "/login", cookies: [form.cookie], form: "_form=\(form.token)&token=\(harness.token)")
      let session = try Self.cookie(login.headers)
      let logout = try await Self.send(
        client, .post, "/logout", cookies: [form.cookie, session], form: "_form=\(form.token)")
      #expect(logout.status == .seeOther)
      #expect(logout.headers[.setCookie]?.contains("Max-Age=0") == true)
      #expect(
        try await Self.send(client, .get, "/today", cookies: [form.cookie, session]).status == .seeOther)
    }
  }

  @Test func onLoopbackWithoutTheFlagThePagesNeedNoLogin() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      for path in ["/today", "/settings", "/live", "/route"] {
        let page = try await Self.send(client, .get, path)
        #expect(page.status == .ok, "\(path)")
      }
      let login = try await Self.send(client, .get, "/login")
      #expect(login.status == .notFound)
    }
  }

  @Test func withAllowRemoteTheHostMustNameTheServedAddress() {
    let specific = HostCheckMiddleware<BasicRequestContext>(host: "192.0.2.7", allowRemote: true)
    #expect(specific.allowed.contains("192.0.2.7"))
    #expect(!specific.allowed.contains("evil.example"))
    #expect(!specific.allowed.contains("0.0.0.0"))
    let everywhere = HostCheckMiddleware<BasicRequestContext>(host: "0.0.0.0", allowRemote: true)
    // Every interface: the machine's own addresses (loopback among them), nothing else.
    #expect(everywhere.allowed.contains("127.0.0.1"))
    #expect(!everywhere.allowed.contains("0.0.0.0"))
    #expect(!everywhere.allowed.contains("evil.example"))
    #expect(!everywhere.allowed.contains(""))
  }
}
