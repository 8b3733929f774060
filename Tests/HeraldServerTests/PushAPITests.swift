import Foundation
import HTTPTypes
import HeraldCore
import HeraldPush
import HeraldContracts
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// Web Push's API on one person's store (`contracts/push.md`): the VAPID key made once and only its
/// public half answered, subscriptions stored once per endpoint, refused endpoints and keys named
/// by field with nothing stored.
@Suite struct PushAPITests {
  static let p256dh =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let auth = "BTBZMqHH6r4Tts7J_aSIgg"

  static func subscription(
    _ endpoint: String = "https://web.push.apple.com/QGuQyavXutnMbA", p256dh: String = p256dh,
    auth: String = auth,
    expirationTime: String = "null"
  ) -> String {
    #"{"endpoint": "\#(endpoint)", "expirationTime": \#(expirationTime), "keys": {"p256dh": "\#(p256dh)", "auth": "\#(auth)"}}"#
  }

  @Test func theKeyIsMadeOnceAndOnlyItsPublicHalfAnswered() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let first = try await harness.call(client, .get, "/api/v1/push/key")
      #expect(first.status == .ok)
      let body = try #require(first.body as? [String: String])
      #expect(Array(body.keys) == ["publicKey"])
      let publicKey = try #require(body["publicKey"])
      #expect(Base64URL.decode(publicKey)?.count == 65)
      #expect(Base64URL.decode(publicKey)?.first == 0x04)

      let again = try await harness.call(client, .get, "/api/v1/push/key")
      #expect((again.body as? [String: String])?["publicKey"] == publicKey)
      // The stored private key is the one whose public half is answered, and never in an answer.
      let privateKey = try harness.store.vapidPrivateKey {
        Issue.record("made a second key"); return ""
      }
      #expect(try VAPIDKey(privateKeyText: privateKey).publicKeyText == publicKey)
      #expect(!String(decoding: first.data, as: UTF8.self).contains(privateKey))

      let anonymous = try await harness.call(client, .get, "/api/v1/push/key", headers: [:])
      #expect(anonymous.status == .unauthorized)
    }
  }

  @Test func aSubscriptionIsStoredListedAndRemoved() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let created = try await harness.call(
        client, .post, "/api/v1/push-subscriptions", json: Self.subscription())
      #expect(created.status == .created)
      let stored = try #require(created.body as? [String: Any])
      let id = try #require(stored["id"] as? String)
      #expect(stored["endpoint"] as? String == "https://web.push.apple.com/QGuQyavXutnMbA")
      #expect(stored["createdAt"] as? String == "2026-11-23T07:00:00Z")
      #expect(stored["lastDeliveredAt"] is NSNull)
      #expect(stored["keys"] == nil)

      // The same endpoint again, with new keys: the same subscription, its keys updated.
      let newAuth = Base64URL.encode([UInt8](repeating: 9, count: 16))
      let again = try await harness.call(
        client, .post, "/api/v1/push-subscriptions",
        json: Self.subscription(auth: newAuth, expirationTime: "1795000000000"))
      #expect(again.status == .created)
      #expect((again.body as? [String: Any])?["id"] as? String == id)
      let records = try harness.store.pushSubscriptions()
      #expect(records.map(\.id) == [id])
      #expect(records.first?.auth == newAuth)
      #expect(records.first?.expirationTime == Date(timeIntervalSince1970: 1_795_000_000))

      try harness.store.recordPushDelivered(id: id, at: ServerHarness.now + 90)
      let listed = try await harness.call(client, .get, "/api/v1/push-subscriptions")
      #expect(listed.status == .ok)
      let list = try #require(listed.body as? [[String: Any]])
      #expect(list.map { $0["id"] as? String } == [id])
      #expect(list.first?["lastDeliveredAt"] as? String == "2026-11-23T07:01:30Z")

      #expect(
        try await harness.call(client, .delete, "/api/v1/push-subscriptions/\(id)").status == .noContent)
      #expect(try harness.store.pushSubscriptions().isEmpty)
      #expect(try await harness.call(client, .delete, "/api/v1/push-subscriptions/\(id)").status == .notFound)
    }
  }

  @Test(arguments: [
    (subscription("http://127.0.0.1:9999/push"), "endpoint"),
    (subscription("https://localhost/push"), "endpoint"),
    (subscription("https://10.1.2.3/push"), "endpoint"),
    (subscription("https://push.apple.com.evil.example/x"), "endpoint"),
    (subscription(p256dh: auth), "keys.p256dh"),
    (subscription(auth: p256dh), "keys.auth"),
  ])
  func aRefusedSubscriptionIs422NamingTheFieldAndNothingIsStored(json: String, field: String) async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let refused = try await harness.call(client, .post, "/api/v1/push-subscriptions", json: json)
      #expect(refused.status == .unprocessableContent)
      let error = try #require((refused.body as? [String: Any])?["error"] as? [String: String])
      #expect(error["field"] == field)
      #expect(error["message"]?.contains("\n") == false)
      #expect(try harness.store.pushSubscriptions().isEmpty)
    }
  }

  @Test func theOperatorsPushServiceIsAcceptedOverHttp() async throws {
    let harness = try ServerHarness(pushServices: PushServices(allowing: ["http://127.0.0.1:9999"]))
    defer { harness.remove() }
    try await harness.test { client in
      let created = try await harness.call(
        client, .post, "/api/v1/push-subscriptions", json: Self.subscription("http://127.0.0.1:9999/push/a"))
      #expect(created.status == .created)
      let other = try await harness.call(
        client, .post, "/api/v1/push-subscriptions", json: Self.subscription("http://127.0.0.1:9998/push/a"))
      #expect(other.status == .unprocessableContent)
    }
  }

  @Test func aKeyTheSchemaDoesNotNameIs400() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let json = Self.subscription().replacingOccurrences(
        of: #""expirationTime""#, with: #""extra": 1, "expirationTime""#)
      let refused = try await harness.call(client, .post, "/api/v1/push-subscriptions", json: json)
      #expect(refused.status == .badRequest)
      #expect(try harness.store.pushSubscriptions().isEmpty)
    }
  }
}
