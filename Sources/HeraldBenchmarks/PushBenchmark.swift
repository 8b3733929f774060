import Crypto
import Foundation
import HeraldCore
import HeraldPush

/// Job `push`: Web Push messages made on one core — payload, RFC 8291 encryption with a fresh
/// ephemeral key and salt, headers and the VAPID authorization — for a worker sending each
/// reminder to every device. The naive way signs a new token for every message instead of
/// keeping one per push service.
struct PushBenchmark {
  let fireDate = Date(timeIntervalSince1970: 1_780_000_000)
  let links: PushLinks = {
    guard let url = URL(string: "https://herald.example") else { preconditionFailure("not a URL") }
    return PushLinks(
      publicURL: url, scope: .user("u-1"), secret: LinkSecret(bytes: [UInt8](repeating: 9, count: 32)))
  }()
  let key = VAPIDKey()

  func delivery(body: String) -> Delivery {
    let content = NotificationContent(
      title: "Steuererklärung abgeben", body: body, interruptionLevel: .timeSensitive,
      categoryIdentifier: "due-date")
    return Delivery(
      notification: PlannedNotification(
        identifier: "due-date-morning-t42", content: content, fireDate: fireDate, now: fireDate - 3600),
      deliveredAt: fireDate, late: false, actions: [.done], language: .de)
  }

  func subscriptions() -> [PushSubscription] {
    let endpoints = [
      "https://web.push.apple.com/QGuQyavXutnMbA", "https://fcm.googleapis.com/fcm/send/dK3x",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",
    ]
    return endpoints.compactMap { endpoint in
      let browser = P256.KeyAgreement.PrivateKey()
      return try? PushSubscription(
        endpoint: endpoint, p256dh: Base64URL.encode(browser.publicKey.x963Representation),
        auth: Base64URL.encode([UInt8](repeating: 5, count: 16)), services: .vendorsOnly)
    }
  }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    let subscriptions = subscriptions()
    let tokens = VAPIDTokenCache(key: key, subject: "mailto:ops@herald.example")
    let (links, key, now) = (links, key, fireDate)
    let usual = delivery(body: "Heute fällig")
    let long = delivery(body: String(repeating: "Ein sehr langer Text 🧘🏽‍♀️ ", count: 400))
    func made(_ delivery: Delivery, _ tokens: VAPIDTokenCache, _ counter: Int) -> Int {
      let subscription = subscriptions[counter % subscriptions.count]
      let message = try? PushMessage(delivery, for: subscription, links: links, tokens: tokens, now: now)
      return message.map { $0.body.count + $0.authorization.utf8.count } ?? 0
    }
    let ours = harness.measure(samples: 31) { made(usual, tokens, $0) }
    let naive = harness.measure(samples: 31) {
      made(usual, VAPIDTokenCache(key: key, subject: "mailto:ops@herald.example"), $0)
    }
    let shortened = harness.measure(samples: 31) { made(long, tokens, $0) }
    // The floor of any sender: the fresh ephemeral key and its agreement with the device's key.
    let devices = subscriptions.compactMap {
      try? P256.KeyAgreement.PublicKey(x963Representation: $0.keys.p256dh)
    }
    let agreement = harness.measure(samples: 31) { counter in
      let shared = try? P256.KeyAgreement.PrivateKey().sharedSecretFromKeyAgreement(
        with: devices[counter % devices.count])
      return shared.map { $0.withUnsafeBytes { Int($0.first ?? 0) } } ?? 0
    }
    print(
      String(
        format:
          "push: %.0f messages/s encrypted and signed on one core (%.0f/s signing each token, %.0f/s shortening 10 000 characters)",
        1e9 / ours.median, 1e9 / naive.median, 1e9 / shortened.median))
    return [
      BenchmarkRow(
        job: "7a. push: a message made (token kept)", ours: ours, targetNanoseconds: 200_000, naive: naive),
      BenchmarkRow(
        job: "7b. push: a 10 000-character body shortened", ours: shortened, targetNanoseconds: 1_000_000),
      BenchmarkRow(
        job: "7c. push: an ephemeral P-256 key and its agreement", ours: agreement, targetNanoseconds: 200_000
      ),
    ]
  }
}
