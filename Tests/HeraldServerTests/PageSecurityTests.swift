import Foundation
import HTTPTypes
import HeraldCore
import HeraldStore
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
