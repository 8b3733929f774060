import Crypto
import Foundation
import HeraldCore

/// The server's secret that signs notification links (`ActionLink`): 32 random bytes, made once
/// and kept in the store; its description never shows it.
public struct LinkSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  let bytes: [UInt8]

  /// 32 bytes from the system's secure generator.
  public init() {
    bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
  }

  /// A secret the store kept, in base64url; at least 32 bytes.
  public init(text: String) throws(FieldError) {
    guard let bytes = Base64URL.decode(text), bytes.count >= 32 else {
      throw FieldError("push.linkSecret", "expected at least 32 bytes in base64url")
    }
    self.bytes = bytes
  }

  /// Fixed bytes (tests, benchmarks).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The secret in base64url: for the store alone.
  public var text: String { Base64URL.encode(bytes) }

  var key: SymmetricKey { SymmetricKey(data: bytes) }

  public var description: String { "LinkSecret(…)" }
  public var debugDescription: String { description }
}
