import Crypto
import Foundation

/// The rules of every secret Herald hands out — API tokens, form tokens, webhook secrets: random
/// bytes from the system's generator, written in base64url, stored only as a SHA-256 hash, and
/// compared in constant time. Written once for both stores and the server.
public enum AccessSecret {
  /// `count` bytes from the system's cryptographically secure generator.
  public static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
  }

  /// 32 random bytes in base64url without padding: 43 characters.
  public static func random() -> String { Data(randomBytes(32)).base64URLEncoded }

  /// An API token: `hrld_` and 43 base64url characters of 32 random bytes.
  public static func apiToken() -> String { "hrld_" + random() }

  /// What is stored of a secret: its SHA-256.
  public static func hash(_ secret: String) -> Data { Data(SHA256.hash(data: Data(secret.utf8))) }

  /// Whether `a` and `b` are equal, in a time that depends on their lengths only.
  public static func constantTimeEqual(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }
}

extension Data {
  /// Base64 with the URL-safe alphabet and no padding (RFC 4648, section 5).
  var base64URLEncoded: String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
