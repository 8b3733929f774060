import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// The installable web app (issue 51): its manifest, icons and service worker, the pages' head
/// naming them, and the settings page's "On this device" with the routes its script uses — the
/// same checks as the API's, behind the page's session and form token instead of a bearer token.
@Suite struct WebAppTests {
  typealias Page = RemoteLoginTests.Page

  @Test func theManifestIconsAndWorkerAreServedWithTheirTypes() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client async throws in
      let manifest = try await RemoteLoginTests.send(client, .get, "/manifest.webmanifest")
      #expect(manifest.status == .ok)
      #expect(manifest.headers[.contentType] == "application/manifest+json")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])
      #expect(json["display"] as? String == "standalone")
      #expect(json["start_url"] as? String == "/today")
      #expect(json["name"] as? String == "Herald")
      #expect(json["short_name"] as? String == "Herald")
      #expect(json["theme_color"] as? String == "#2f6fb3")
      let icons = try #require(json["icons"] as? [[String: String]])
      #expect(Set(icons.compactMap { $0["sizes"] }) == ["192x192", "512x512"])

      // Each icon a PNG of the size it claims (the header's width and height).
      for (path, size) in [
        ("/static/icon-180.png", 180), ("/static/icon-192.png", 192), ("/static/icon-512.png", 512),
      ] {
        let response = try await client.execute(uri: path, method: .get) {
          ($0.status, $0.headers, Data(buffer: $0.body))
        }
        #expect(response.0 == .ok)
        #expect(response.1[.contentType] == "image/png")
        let png = response.2
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path)")
        let width = png.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let height = png.dropFirst(20).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(width == size && height == size, "\(path)")
      }

      // The worker from the root, so its scope is the whole site.
      let worker = try await RemoteLoginTests.send(client, .get, "/sw.js")
      #expect(worker.status == .ok)
      #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
      for event in ["'push'", "'notificationclick'", "'pushsubscriptionchange'"] {
        #expect(worker.body.contains("addEventListener(\(event)"))
      }
      #expect(worker.headers[.contentSecurityPolicy]?.contains("worker-src 'self'") == true)
      #expect(worker.headers[.contentSecurityPolicy]?.contains("manifest-src 'self'") == true)

      let page = try await RemoteLoginTests.send(client, .get, "/today")
      #expect(page.body.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
      #expect(page.body.contains(##"<meta name="theme-color" content="#2f6fb3">"##))
      #expect(page.body.contains(#"<link rel="apple-touch-icon" href="/static/icon-180.png">"#))
    }
  }

  @Test func theSettingsPageSaysWhatAnIPhoneNeeds() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client async throws in
      let page = try await RemoteLoginTests.send(client, .get, "/settings")
      #expect(page.body.contains(#"<h2 id="device-heading">Auf diesem Gerät</h2>"#))
      #expect(page.body.contains(">Mitteilungen erlauben</button>"))
      #expect(page.body.contains("ab iOS 16.4"))
      #expect(page.body.contains("Zum Home-Bildschirm"))
      #expect(page.body.contains(#"<script src="/static/device.js" defer></script>"#))
      #expect(page.body.contains("data-text-subscribed=\"Dieses Gerät bekommt deine Erinnerungen.\""))
    }
  }

  /// The settings page's form-token cookie and field, as device.js posts them.
  static func settingsForm(_ client: some TestClientProtocol) async throws -> (cookie: String, token: String)
  {
    let page = try await RemoteLoginTests.send(client, .get, "/settings")
    let token = try #require(
      page.body.firstMatch(of: /id="device-form"[^>]*>\s*<input type="hidden" name="_form" value="([^"]+)"/)?
        .1)
    return (try RemoteLoginTests.cookie(page.headers), String(token))
  }

  static func form(token: String, subscription: String) -> String {
    var components = URLComponents()
    components.queryItems = [
      .init(name: "_form", value: token), .init(name: "subscription", value: subscription),
    ]
    // `+` is a space in a form: encoded, as a browser's URLSearchParams does.
    return (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
  }

  @Test func thePageStoresASubscriptionWithItsFormTokenOnly() async throws {
    let harness = try ServerHarness(pushServices: PushServices(allowing: ["http://127.0.0.1:9999"]))
    defer { harness.remove() }
    try await harness.test { client async throws in
      let key = try await RemoteLoginTests.send(client, .get, "/settings/push-key")
      #expect(key.status == .ok)
      let publicKey = try #require(
        (try JSONSerialization.jsonObject(with: Data(key.body.utf8)) as? [String: String])?["publicKey"])
      // The API's key: one pair, whichever door asked.
      let api = try await harness.call(client, .get, "/api/v1/push/key")
      #expect((api.body as? [String: String])?["publicKey"] == publicKey)

      let (cookie, token) = try await Self.settingsForm(client)
      let good = Self.form(
        token: token, subscription: PushAPITests.subscription("http://127.0.0.1:9999/push/a"))
      // Without the cookie, or with another token: refused, nothing stored.
      let noCookie = try await RemoteLoginTests.send(
        client, .post, "/settings/push-subscriptions", form: good)
      #expect(noCookie.status == .forbidden)
      let forged = try await RemoteLoginTests.send(
        client, .post, "/settings/push-subscriptions", cookies: [cookie],
        form: Self.form(token: String(repeating: "x", count: 43), subscription: PushAPITests.subscription()))
      #expect(forged.status == .forbidden)
      #expect(try harness.store.pushSubscriptions().isEmpty)

      let stored = try await RemoteLoginTests.send(
        client, .post, "/settings/push-subscriptions", cookies: [cookie], form: good)
      #expect(stored.status == .created)
      let id = try #require(
        (try JSONSerialization.jsonObject(with: Data(stored.body.utf8)) as? [String: String])?["id"])
      #expect(try harness.store.pushSubscriptions().map(\.id) == [id])

      // The API's checks, with the field named, in the page's language.
      let refused = try await RemoteLoginTests.send(
        client, .post, "/settings/push-subscriptions", cookies: [cookie],
        form: Self.form(
          token: token, subscription: PushAPITests.subscription("https://push.apple.com.evil.example/x")))
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains("endpoint"))
      #expect(try harness.store.pushSubscriptions().count == 1)
    }
  }

  @Test func withALoginTheDeviceRoutesNeedOne() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try await harness.test { client async throws in
      #expect(try await RemoteLoginTests.send(client, .get, "/settings/push-key").status == .seeOther)
      let post = try await RemoteLoginTests.send(
        client, .post, "/settings/push-subscriptions", form: "subscription=%7B%7D")
      #expect(post.status == .seeOther)
      #expect(try harness.store.pushSubscriptions().isEmpty)
    }
  }

  @Test func aTestPushGoesToTheDeviceThatAsksAndSaysWhatItsPushServiceAnswered() async throws {
    // A push service on loopback: /ok takes every push (201), /gone says the device is gone (410).
    let posts = Locked<[String]>([])
    let service = try TCPTestServer { connection, _ in
      var head: [String] = []
      while let line = connection.readLine(timeout: 5)?.trimmingCharacters(in: .newlines), !line.isEmpty {
        head.append(line)
      }
      let length =
        head.compactMap { line -> Int? in
          let parts = line.split(separator: ":", maxSplits: 1)
          return parts.first?.lowercased() == "content-length"
            ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
        }.first ?? 0
      _ = connection.read(count: length, timeout: 5)
      posts.update { $0.append(head.joined(separator: "\n")) }
      let status = head.first?.contains(" /gone ") == true ? "410 Gone" : "201 Created"
      connection.send("HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }
    defer { service.stop() }
    let origin = "http://127.0.0.1:\(service.port)"
    let services = try PushServices(allowing: [origin])
    let settings = PushSettings(
      contact: "mailto:ops@herald.example", publicURL: try #require(URL(string: "http://127.0.0.1:8080")),
      services: services)
    let harness = try ServerHarness(pushServices: services, testPush: settings)
    defer { harness.remove() }
    try await harness.test { client async throws in
      let (cookie, token) = try await Self.settingsForm(client)
      for path in ["/ok", "/gone"] {
        let stored = try await RemoteLoginTests.send(
          client, .post, "/settings/push-subscriptions", cookies: [cookie],
          form: Self.form(token: token, subscription: PushAPITests.subscription(origin + path)))
        #expect(stored.status == .created)
      }
      func test(_ endpoint: String) async throws -> (status: HTTPResponse.Status, body: String) {
        var components = URLComponents()
        components.queryItems = [
          .init(name: "_form", value: token), .init(name: "endpoint", value: endpoint),
        ]
        let answer = try await RemoteLoginTests.send(
          client, .post, "/settings/push-test", cookies: [cookie], form: components.percentEncodedQuery ?? "")
        return (answer.status, answer.body)
      }
      // The device that asks gets one push, encrypted and signed; no other device does.
      let sent = try await test(origin + "/ok")
      #expect(sent.status == .ok, "\(sent)")
      #expect(
        (try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: Bool])?["sent"] == true)
      let received = posts.value
      #expect(received.count == 1)
      #expect(received.first?.hasPrefix("POST /ok ") == true)
      #expect(received.first?.lowercased().contains("content-encoding: aes128gcm") == true)
      #expect(received.first?.contains("vapid t=") == true)
      // A gone device is said so, in the page's language, and removed.
      let gone = try await test(origin + "/gone")
      #expect(gone.status == .unprocessableContent)
      #expect(gone.body.contains(PageTexts(language: .de).testPushFailed("").prefix(30)), "\(gone.body)")
      #expect(try harness.store.pushSubscriptions().map(\.endpoint) == [origin + "/ok"])
      // One this store does not keep.
      let unknown = try await test(origin + "/elsewhere")
      #expect(unknown.body.contains(PageTexts(language: .de).testPushNoDevice))
    }
  }

  @Test func withoutAPushContactTheTestPushSaysWhatServeNeeds() async throws {
    let harness = try ServerHarness(pushServices: PushServices(allowing: ["http://127.0.0.1:9999"]))
    defer { harness.remove() }
    try await harness.test { client async throws in
      let (cookie, token) = try await Self.settingsForm(client)
      let answer = try await RemoteLoginTests.send(
        client, .post, "/settings/push-test", cookies: [cookie],
        form: "_form=\(token)&endpoint=http%3A%2F%2F127.0.0.1%3A9999%2Fpush%2Fa")
      #expect(answer.status == .unprocessableContent)
      #expect(answer.body.contains("--push-contact"))
    }
  }
}
