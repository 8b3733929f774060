import Foundation
import HeraldCore
import HeraldPush
import Testing

/// Which endpoints Herald will POST to: the vendors' push services, and what the operator added.
@Suite struct PushServicesTests {
  static let keys = (
    p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    auth: "BTBZMqHH6r4Tts7J_aSIgg"
  )

  func subscribe(_ endpoint: String, services: PushServices) throws(FieldError) -> PushSubscription {
    try PushSubscription(
      endpoint: endpoint, p256dh: Self.keys.p256dh, auth: Self.keys.auth, services: services)
  }

  @Test(arguments: [
    "https://web.push.apple.com/QGuQyavXutnMbA",
    "https://fcm.googleapis.com/fcm/send/dK3x:APA91b",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    "https://WEB.PUSH.APPLE.COM/upper",
    "https://web.push.apple.com:443/explicit-port",
  ])
  func theVendorsPushServicesAreAccepted(endpoint: String) throws {
    #expect(try subscribe(endpoint, services: PushServices()).endpoint.absoluteString == endpoint)
  }

  @Test(arguments: [
    (
      "http://web.push.apple.com/x",
      "endpoint: not https, and http://web.push.apple.com is not an allowed push service"
    ),
    ("http://example.com/x", "endpoint: not https, and http://example.com is not an allowed push service"),
    ("https://127.0.0.1/x", "endpoint: https://127.0.0.1 is not a known push service"),
    ("https://localhost:9999/x", "endpoint: https://localhost:9999 is not a known push service"),
    ("https://10.0.0.8/x", "endpoint: https://10.0.0.8 is not a known push service"),
    ("https://[::1]/x", "endpoint: https://[::1] is not a known push service"),
    (
      "https://push.apple.com.evil.example/x",
      "endpoint: https://push.apple.com.evil.example is not a known push service"
    ),
    ("https://evilpush.apple.com/x", "endpoint: https://evilpush.apple.com is not a known push service"),
    ("https://web.push.apple.com./x", "endpoint: https://web.push.apple.com. is not a known push service"),
    (
      "https://web.push.apple.com:8443/x",
      "endpoint: https://web.push.apple.com:8443 is not a known push service"
    ),
    (
      "https://storage.googleapis.com/bucket",
      "endpoint: https://storage.googleapis.com is not a known push service"
    ),
    ("https://user:pw@web.push.apple.com/x", "endpoint: must not carry a user name or password"),
    ("ftp://web.push.apple.com/x", "endpoint: not an absolute http(s) URL"),
    ("/relative", "endpoint: not an absolute http(s) URL"),
    ("", "endpoint: not an absolute http(s) URL"),
  ])
  func otherEndpointsAreRefusedNamingTheField(endpoint: String, message: String) {
    #expect(throws: FieldError.self) { try subscribe(endpoint, services: PushServices()) }
    do {
      _ = try subscribe(endpoint, services: PushServices())
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func theOperatorsOriginIsAcceptedHttpIncludedAndNothingBeside() throws {
    let services = try PushServices(allowing: ["http://127.0.0.1:9999", "https://push.internal.example"])

    #expect(throws: Never.self) { try subscribe("http://127.0.0.1:9999/push/abc", services: services) }
    #expect(throws: Never.self) { try subscribe("https://push.internal.example/p", services: services) }
    #expect(throws: Never.self) { try subscribe("https://PUSH.internal.example:443/p", services: services) }
    // Another port, scheme or host of the same machine is another origin.
    #expect(throws: FieldError.self) { try subscribe("http://127.0.0.1:9998/push", services: services) }
    #expect(throws: FieldError.self) { try subscribe("https://127.0.0.1:9999/push", services: services) }
    #expect(throws: FieldError.self) { try subscribe("http://localhost:9999/push", services: services) }
    #expect(throws: FieldError.self) { try subscribe("http://push.internal.example/p", services: services) }
    // The vendors stay allowed.
    #expect(throws: Never.self) { try subscribe("https://fcm.googleapis.com/fcm/send/x", services: services) }
  }

  @Test func anOperatorOriginThatIsNotAURLIsRefused() {
    #expect(throws: FieldError("pushServices[1]", "not an http(s) URL: \"ftp://x\"")) {
      try PushServices(allowing: ["http://127.0.0.1:9999", "ftp://x"])
    }
  }

  @Test func keysMustBeAP256PointAnd16Bytes() {
    let services = PushServices.vendorsOnly
    let endpoint = "https://web.push.apple.com/x"
    // A point off the curve: the last byte of y changed.
    let offCurve = String(Self.keys.p256dh.dropLast()) + "8"
    let compressed = Base64URL.encode([0x02] + [UInt8](repeating: 1, count: 32))
    for bad in [offCurve, compressed, "", "not base64!", Self.keys.auth] {
      #expect(throws: FieldError("keys.p256dh", "not a P-256 public key")) {
        try PushSubscription(endpoint: endpoint, p256dh: bad, auth: Self.keys.auth, services: services)
      }
    }
    #expect(throws: FieldError("keys.auth", "expected 16 bytes, got 12")) {
      try PushSubscription(
        endpoint: endpoint, p256dh: Self.keys.p256dh,
        auth: Base64URL.encode([UInt8](repeating: 1, count: 12)),
        services: services)
    }
    #expect(throws: FieldError("keys.auth", "not base64url")) {
      try PushSubscription(endpoint: endpoint, p256dh: Self.keys.p256dh, auth: "a+b/", services: services)
    }
  }

  @Test func paddedBase64URLKeysAreRead() throws {
    let subscription = try PushSubscription(
      endpoint: "https://web.push.apple.com/x", p256dh: Self.keys.p256dh + "=", auth: Self.keys.auth + "==",
      services: .vendorsOnly)
    #expect(subscription.keys.auth.count == 16)
    #expect(subscription.origin == "https://web.push.apple.com")
  }
}
