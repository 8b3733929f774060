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

/// The pages' defences: the host check (DNS rebinding), the form token (cross-site posts), the
/// content security policy, and text shown as text.
@Suite struct PageSecurityTests {
  static func page(_ client: some TestClientProtocol, _ path: String) async throws
    -> (status: HTTPResponse.Status, headers: HTTPFields, html: String)
  {
    try await client.execute(uri: path, method: .get) { ($0.status, $0.headers, String(buffer: $0.body)) }
  }

  @Test(arguments: ["evil.example", "evil.example:8080", "127.0.0.1.nip.io", "localhost.evil.example", ""])
  func anotherHostNameIsRefused(host: String) async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try await harness.live { port in
      for path in ["/today", "/settings", "/api/v1/tasks", "/live/events"] {
        let answer = try await RawHTTPClient.request(
          port: port, "GET", path, headers: [("Host", host), ("Authorization", "Bearer \(harness.token)")])
        #expect(answer.status == 421, "\(path) via \(host)")
      }
      for allowed in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST"] {
        let answer = try await RawHTTPClient.request(
          port: port, "GET", "/today", headers: [("Host", allowed)])
        #expect(answer.status == 200, "\(allowed)")
      }
    }
  }

  @Test func everyPageCarriesAPolicyWithoutInlineScript() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      for path in ["/today", "/settings", "/live", "/route"] {
        let (status, headers, html) = try await Self.page(client, path)
        #expect(status == .ok, "\(path)")
        let policy = try #require(headers[.contentSecurityPolicy], "\(path)")
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
        #expect(!html.contains("<script>"), "\(path) has an inline script")
        #expect(!html.contains("style=\""), "\(path) has an inline style")
      }
    }
  }

  @Test func aPostWithoutTheFormTokenIsRefusedAndChangesNothing() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let before = try harness.store.dump()
    try await harness.test { client in
      let form = "title=Forged&start=2026-11-23T09:00&end=2026-11-23T10:00"
      for (cookie, field) in [
        (nil, nil), ("herald_form=\(String(repeating: "a", count: 43))", "b"), (nil, "x"),
      ] {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        let body = form + (field.map { "&_form=\($0)" } ?? "")
        let status = try await client.execute(
          uri: "/today/blocks", method: .post, headers: headers, body: ByteBuffer(string: body)
        ) { $0.status }
        #expect(status == .forbidden)
      }
    }
    #expect(try harness.store.dump() == before)
  }

  @Test func aPostWithTheFormTokenOfThisBrowserIsTaken() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      // The page sets the cookie and repeats it in its forms, as a browser would see them.
      let (_, headers, html) = try await Self.page(client, "/today")
      let cookie = try #require(headers[.setCookie]?.split(separator: ";").first.map(String.init))
      #expect(headers[.setCookie]?.contains("SameSite=Strict") == true)
      #expect(headers[.setCookie]?.contains("HttpOnly") == true)
      let token = try #require(html.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
      let body = "_form=\(token)&title=Deep+Work&start=2026-11-23T09%3A00&end=2026-11-23T10%3A30"
      let (status, location) = try await client.execute(
        uri: "/today/blocks", method: .post,
        headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: body)
      ) { ($0.status, $0.headers[.location]) }
      #expect(status == .seeOther)
      #expect(location == "/today")
    }
    // 09:00 on the wall clock of the server's zone (Berlin).
    let block = try #require(try harness.store.focusBlocks().first)
    #expect(block.title == "Deep Work")
    #expect(block.start == Fixtures.instant("2026-11-23T09:00:00+01:00"))
  }

  /// This browser's form token and cookie, as the today page hands them out.
  static func formToken(_ client: some TestClientProtocol) async throws -> (cookie: String, token: String) {
    let (_, headers, html) = try await page(client, "/today")
    let cookie = try #require(headers[.setCookie]?.split(separator: ";").first.map(String.init))
    let token = try #require(html.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
    return (cookie, String(token))
  }

  /// A form post with this browser's cookie and form token, from `origin`.
  static func post(
    _ client: some TestClientProtocol, _ path: String, _ form: String, origin: String?,
    token: (cookie: String, token: String), extra: HTTPFields = [:]
  ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, html: String) {
    var headers: HTTPFields = [.cookie: token.cookie, .contentType: "application/x-www-form-urlencoded"]
    if let origin { headers[.origin] = origin }
    headers.append(contentsOf: extra)
    return try await client.execute(
      uri: path, method: .post, headers: headers, body: ByteBuffer(string: "_form=\(token.token)&\(form)")
    ) { ($0.status, $0.headers, String(buffer: $0.body)) }
  }

  /// Issue 48, row 8: a post carrying this browser's cookie and form token, but sent from another
  /// site's page or from a page with no origin (`null`), is refused on its own — the form token's
  /// comment says Origin is checked, and SameSite should not be the only thing holding. The page
  /// says why; nothing changes. (In process the server is `http://localhost`.)
  @Test(arguments: [
    "http://evil.example", "null", "http://localhost:8080", "https://localhost",
    "http://localhost.evil.example",
    "http://127.0.0.1", "http://localhost/today", "",
  ])
  func aFormPostFromAnotherOriginIsRefused(origin: String) async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let before = try harness.store.dump()
    try await harness.test { client in
      let token = try await Self.formToken(client)
      for (path, form) in [
        ("/today/tasks", "title=Forged"),
        ("/today/blocks", "title=Forged&start=2026-11-23T09:00&end=2026-11-23T10:00"),
        ("/settings", "focusBlockLeadMinutes=60"), ("/settings/template", "template=officeWorker"),
        ("/route/stop", ""),
      ] {
        let answer = try await Self.post(client, path, form, origin: origin, token: token)
        #expect(answer.status == .forbidden, "\(path) from \(origin)")
        #expect(answer.headers[.contentType] == "text/html; charset=utf-8")
        #expect(answer.html.contains("<h1>Form refused</h1>"))
        #expect(answer.html.contains("nothing was changed"))
        let named =
          origin == "null" ? "no origin of its own (Origin: null)" : "(Origin: \(HTML.escape(origin)))"
        #expect(answer.html.contains(named), "\(answer.html)")
        #expect(answer.html.contains("(http://localhost)"))
      }
    }
    #expect(try harness.store.dump() == before)
  }

  /// Under `Referrer-Policy: no-referrer` a browser posts every form with `Origin: null`, which the
  /// check above refuses: the pages send their referrer to themselves only (`BrowserTests` post
  /// the forms from a real browser).
  @Test func theReferrerPolicyLetsTheBrowserNameTheOriginOfAForm() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      for path in ["/today", "/settings", "/route"] {
        let (_, headers, _) = try await Self.page(client, path)
        #expect(headers[.referrerPolicy] == "same-origin", "\(path)")
      }
    }
  }

  /// This server's own origin, as a browser writes it, is taken; so is a post that names none.
  /// Behind a proxy that terminates TLS, the origin is the one the proxy says the browser used.
  @Test func aFormPostFromThisServersOwnOriginIsTaken() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let token = try await Self.formToken(client)
      for origin in ["http://localhost", "http://LOCALHOST:80", nil] {
        let answer = try await Self.post(client, "/today/tasks", "title=Own", origin: origin, token: token)
        #expect(answer.status == .seeOther, "\(origin ?? "no origin")")
      }
      let proxied: HTTPFields = [
        .xForwardedProto: "https", .xForwardedHost: "herald.example",
      ]
      let viaProxy = try await Self.post(
        client, "/today/tasks", "title=Proxied", origin: "https://herald.example", token: token,
        extra: proxied)
      #expect(viaProxy.status == .seeOther)
      let plain = try await Self.post(
        client, "/today/tasks", "title=Plain", origin: "http://herald.example", token: token, extra: proxied)
      #expect(plain.status == .forbidden)
    }
    #expect(try harness.store.tasks().map(\.title) == ["Own", "Own", "Own", "Proxied"])
  }

  /// On a real socket the origin has the port the server listens on: another port of the same
  /// host is another origin.
  @Test func theOriginIsComparedWithTheAddressTheRequestReached() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try await harness.live { port in
      let page = try await RawHTTPClient.request(
        port: port, "GET", "/today", headers: [("Host", "127.0.0.1:\(port)")])
      let cookie = try #require(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
      let token = try #require(page.body.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
      for (origin, status) in [("http://127.0.0.1:\(port)", 303), ("http://127.0.0.1:\(port + 1)", 403)] {
        let answer = try await RawHTTPClient.request(
          port: port, "POST", "/today/tasks",
          headers: [
            ("Host", "127.0.0.1:\(port)"), ("Origin", origin), ("Cookie", cookie),
            ("Content-Type", "application/x-www-form-urlencoded"),
          ], body: "_form=\(token)&title=Live")
        #expect(answer.status == status, "\(origin)")
      }
    }
    #expect(try harness.store.tasks().map(\.title) == ["Live"])
  }

  /// The login and logout forms of `--allow-remote` are form posts too: another origin cannot log
  /// a browser in (to an account of its choosing) or out.
  @Test func aLoginOrLogoutFromAnotherOriginIsRefused() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client in
      let form = try await RemoteLoginTests.loginForm(client)
      for (path, body) in [("/login", "next=%2Ftoday&token=\(harness.token)"), ("/logout", "")] {
        let answer = try await Self.post(client, path, body, origin: "http://evil.example", token: form)
        #expect(answer.status == .forbidden, "\(path)")
        #expect(answer.headers[.setCookie] == nil, "\(path)")
        #expect(answer.html.contains("(Origin: http://evil.example)"))
      }
      let own = try await Self.post(
        client, "/login", "next=%2Ftoday&token=\(harness.token)", origin: "http://localhost", token: form)
      #expect(own.status == .seeOther)
    }
  }

  @Test func whatAUserTypedIsShownAsText() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let hostile = "<script>alert(1)</script> & \"quotes\" 'too' <b>bold</b>"
    _ = try harness.store.addTask(id: "t1", title: hostile, due: ServerHarness.now + 86_400)
    try harness.store.addFocusBlock(
      id: "b1", title: hostile, start: ServerHarness.now - 60, end: ServerHarness.now + 3600, taskIDs: ["t1"])
    try await harness.test { client in
      for path in ["/today", "/live"] {
        let (_, _, html) = try await Self.page(client, path)
        #expect(!html.contains("<script>alert"), "\(path)")
        #expect(!html.contains("<b>bold"), "\(path)")
        #expect(
          html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;too&#39;"),
          "\(path)")
      }
    }
  }
}
