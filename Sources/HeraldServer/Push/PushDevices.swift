import Foundation
import HeraldContracts
import HeraldCore
import HeraldPush

/// What the API (bearer token) and the settings page (login and form token) both do with a user's
/// devices, in whichever store keeps them: one home, so the two cannot check a subscription
/// differently.
enum PushDevices {
  /// The VAPID public key pages subscribe with (`applicationServerKey`); the pair is made once.
  // Not inlined, its awaited call and typed-throwing init apart: inlined into the API handler, the
  // Swift 6.3 compiler crashed splitting that coroutine in a release build (signal 11 in CoroSplit).
  @inline(never)
  static func publicKey(_ store: any PushKeeping) async throws -> String {
    let text = try await store.vapidPrivateKey { VAPIDKey().privateKeyText }
    let key = try VAPIDKey(privateKeyText: text)
    return key.publicKeyText
  }

  /// Stores a browser's subscription after every check (an endpoint Herald would not POST to is
  /// refused, nothing stored); `expirationTime` in milliseconds since 1970, as browsers give it.
  static func save(
    endpoint: String, expirationTime: Double?, p256dh: String, auth: String, services: PushServices,
    store: any PushKeeping, at now: Date
  ) async throws -> PushSubscriptionRecord {
    let subscription = try PushSubscription(
      endpoint: endpoint, p256dh: p256dh, auth: auth, services: services)
    let expiry = try expirationTime.map { milliseconds throws(FieldError) in
      guard milliseconds.isFinite, abs(milliseconds) < 1e15 else {
        throw FieldError("expirationTime", "not milliseconds since 1970: \(milliseconds)")
      }
      return Date(timeIntervalSince1970: milliseconds / 1000)
    }
    return try await store.savePushSubscription(
      endpoint: subscription.endpoint.absoluteString, p256dh: Base64URL.encode(subscription.keys.p256dh),
      auth: Base64URL.encode(subscription.keys.auth), expirationTime: expiry, at: now
    ).record
  }
}
