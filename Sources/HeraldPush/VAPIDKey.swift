import Crypto
import Foundation
import HeraldCore

/// Herald's own P-256 key pair of RFC 8292 (VAPID): push services check each message's token
/// against the public key the browser subscribed with.
///
/// Made once and kept in the store as `privateKeyText`; its description shows the public key
/// only, so that a log line or an error never carries the private one. Kept as bytes (swift-crypto's
/// key types are not `Sendable`); the signing key is rebuilt for each token, once an hour or so.
public struct VAPIDKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  private let privateScalar: [UInt8]
  /// The 65-byte uncompressed public point in base64url, no padding: the page's
  /// `applicationServerKey`, and the `k=` of every `Authorization` header.
  public let publicKeyText: String

  /// A new key pair from the system's secure generator.
  public init() {
    self.init(P256.Signing.PrivateKey())
  }

  /// The key pair a store kept: the private scalar, 32 bytes in base64url.
  public init(privateKeyText: String) throws(FieldError) {
    guard let raw = Base64URL.decode(privateKeyText), raw.count == 32,
      let key = try? P256.Signing.PrivateKey(rawRepresentation: raw)
    else { throw FieldError("vapid.privateKey", "not a P-256 private key") }
    self.init(key)
  }

  private init(_ key: P256.Signing.PrivateKey) {
    privateScalar = Array(key.rawRepresentation)
    publicKeyText = Base64URL.encode(key.publicKey.x963Representation)
  }

  /// The private scalar in base64url (32 bytes): for the store alone.
  public var privateKeyText: String { Base64URL.encode(privateScalar) }

  /// The ES256 signature of `data`: R and S, 32 bytes each (JWS, RFC 7518 §3.4), not DER.
  func sign(_ data: Data) throws -> Data {
    try P256.Signing.PrivateKey(rawRepresentation: privateScalar).signature(for: data).rawRepresentation
  }

  public var description: String { "VAPIDKey(public: \(publicKeyText))" }
  public var debugDescription: String { description }
}
