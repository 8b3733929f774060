import Foundation
import HeraldCore

/// A webhook secret as Standard Webhooks libraries expect it: `whsec_` and the base64 of random
/// bytes; the HMAC key is the bytes.
public struct WebhookSecret: Sendable, Hashable, CustomStringConvertible {
  public static let prefix = "whsec_"
  /// The HMAC-SHA256 key.
  public let key: [UInt8]

  /// A new secret of 32 random bytes (the format asks for at least 24).
  public static func generate() -> WebhookSecret { WebhookSecret(key: AccessSecret.randomBytes(32)) }

  init(key: [UInt8]) { self.key = key }

  /// Reads `whsec_BASE64`.
  public init(_ text: String) throws(FieldError) {
    guard text.hasPrefix(Self.prefix),
      let bytes = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
      bytes.count >= 24
    else { throw FieldError("webhook secret", "expected whsec_ and the base64 of at least 24 bytes") }
    key = Array(bytes)
  }

  /// `whsec_` and the base64 of the key.
  public var description: String { Self.prefix + Data(key).base64EncodedString() }
}
