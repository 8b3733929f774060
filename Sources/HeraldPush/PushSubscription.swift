import Crypto
import Foundation
import HeraldCore

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it, checked: an endpoint
/// Herald may POST to, and the keys a message is encrypted for.
public struct PushSubscription: Sendable, Hashable {
  /// The push service's URL for this device; checked against `PushServices`.
  public var endpoint: URL
  /// When the browser says the subscription ends, if it says (most say nothing).
  public var expirationTime: Date?
  public var keys: Keys

  /// The browser's keys: `p256dh`, its P-256 public key (65-byte uncompressed point), and `auth`,
  /// 16 secret bytes mixed into every message's key.
  public struct Keys: Sendable, Hashable {
    public let p256dh: [UInt8]
    public let auth: [UInt8]

    /// The keys from their base64url texts; a one-line error naming the field otherwise.
    public init(p256dh: String, auth: String) throws(FieldError) {
      guard let point = Base64URL.decode(p256dh), point.count == 65, point.first == 0x04,
        (try? P256.KeyAgreement.PublicKey(x963Representation: point)) != nil
      else { throw FieldError("keys.p256dh", "not a P-256 public key") }
      guard let secret = Base64URL.decode(auth) else {
        throw FieldError("keys.auth", "not base64url")
      }
      guard secret.count == 16 else {
        throw FieldError("keys.auth", "expected 16 bytes, got \(secret.count)")
      }
      self.p256dh = point
      self.auth = secret
    }

    /// `p256dh` as a key the agreement takes (checked valid when made; swift-crypto's keys are not
    /// `Sendable`, so it is parsed again for each message).
    var publicKey: P256.KeyAgreement.PublicKey {
      get throws { try P256.KeyAgreement.PublicKey(x963Representation: p256dh) }
    }
  }

  /// A subscription whose endpoint `services` allow and whose keys are valid; the first problem
  /// as a one-line error naming its field otherwise.
  public init(
    endpoint: String, expirationTime: Date? = nil, p256dh: String, auth: String, services: PushServices
  ) throws(FieldError) {
    self.endpoint = try services.check(endpoint)
    self.expirationTime = expirationTime
    self.keys = try Keys(p256dh: p256dh, auth: auth)
  }

  /// The scheme, host and port the endpoint's VAPID token names as its audience (RFC 8292 §2).
  public var origin: String { PushServices.Origin(endpoint)?.text ?? endpoint.absoluteString }
}
