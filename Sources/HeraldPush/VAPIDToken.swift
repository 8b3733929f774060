import Crypto
import Foundation

/// The signed token of RFC 8292 §2: a JWT (ES256) saying which origin it is for, until when, and
/// whom the push service may contact about the sender.
public struct VAPIDToken: Sendable, Hashable {
  /// The compact JWT: header, claims and signature, each base64url.
  public var jwt: String
  /// The audience: the endpoint's origin.
  public var audience: String
  public var expiry: Date

  /// How long a token is made for. RFC 8292 allows 24 hours; half of it leaves room for a sender
  /// whose clock is ahead of the push service's.
  public static let lifetime: TimeInterval = 12 * 3600

  /// A token for `audience` signed with `key`, valid until `expiry` (whole seconds, rounded down),
  /// naming `subject` (`mailto:` or `https:`) as the contact.
  public init(audience: String, subject: String, expiry: Date, key: VAPIDKey) throws(PushError) {
    let seconds = Int(expiry.timeIntervalSince1970.rounded(.down))
    let claims = Claims(aud: audience, exp: seconds, sub: subject)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let claimsJSON = try? encoder.encode(claims) else {
      throw .signingFailed("claims could not be written")
    }
    let signingInput = Self.header + "." + Base64URL.encode(claimsJSON)
    guard let signature = try? key.sign(Data(signingInput.utf8)) else {
      throw .signingFailed("ES256 refused the key")
    }
    jwt = signingInput + "." + Base64URL.encode(signature)
    self.audience = audience
    self.expiry = Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// `Authorization: vapid t=…, k=…` (RFC 8292 §3).
  public func authorization(publicKey: String) -> String { "vapid t=\(jwt), k=\(publicKey)" }

  /// `{"typ":"JWT","alg":"ES256"}`: the same for every token, encoded once.
  static let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))

  struct Claims: Encodable {
    var aud: String
    var exp: Int
    var sub: String
  }
}
