/// What stops a push message from being made, said so an operator knows what to change.
public enum PushError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The message would not fit the 4 096-byte body push services accept.
  case messageTooLarge(bytes: Int, limit: Int)
  /// A salt that is not 16 bytes (only a test passes its own).
  case invalidSalt(bytes: Int)
  /// The cryptography library refused: a key it could not agree with, or a failed seal.
  case encryptionFailed(String)
  /// The VAPID token could not be made.
  case signingFailed(String)
  /// Without title and body, the payload's other parts (request id, links) alone are too long.
  case fixedPartsTooLarge(bytes: Int, limit: Int)

  public var description: String {
    switch self {
    case .messageTooLarge(let bytes, let limit):
      "push message of \(bytes) bytes is over the \(limit) bytes that fit a 4096-byte encrypted body"
    case .invalidSalt(let bytes):
      "salt of \(bytes) bytes; aes128gcm needs 16"
    case .encryptionFailed(let reason):
      "push message could not be encrypted: \(reason)"
    case .signingFailed(let reason):
      "VAPID token could not be signed: \(reason)"
    case .fixedPartsTooLarge(let bytes, let limit):
      "push payload is \(bytes) bytes without its title and body (request id and links), over the "
        + "\(limit) bytes of a message; shorten the request id or the public URL"
    }
  }
}
