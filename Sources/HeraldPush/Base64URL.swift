/// base64url (RFC 4648 §5), the alphabet of every key, token and header Web Push exchanges.
///
/// Written without padding, as browsers and push services write it; read with or without, since
/// `PushSubscription.toJSON()` in some browsers and hand-made test subscriptions add it.
public enum Base64URL {
  /// `bytes` in base64url, without `=` padding.
  public static func encode(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount * 4 / 3 + 4)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = buffer << 8 | UInt32(byte)
      bits += 8
      while bits >= 6 {
        bits -= 6
        out.append(alphabet[Int(buffer >> UInt32(bits) & 0x3F)])
      }
    }
    if bits > 0 { out.append(alphabet[Int(buffer << UInt32(6 - bits) & 0x3F)]) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes `text` encodes; `nil` when it holds a character outside the base64url alphabet
  /// (standard base64's `+` and `/` included: a subscription's keys are base64url), a padding
  /// that does not end it, or a length no encoding has.
  public static func decode(_ text: some StringProtocol) -> [UInt8]? {
    var characters = Array(text.utf8)
    while characters.last == UInt8(ascii: "=") { characters.removeLast() }
    // Padding, when present, completes the last group of four, and there is never more than two.
    let padding = text.utf8.count - characters.count
    guard padding == 0 || (padding <= 2 && (characters.count + padding) % 4 == 0) else { return nil }
    guard characters.count % 4 != 1 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(characters.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for character in characters {
      let value = sextet(character)
      guard value >= 0 else { return nil }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    // The bits left over must be zero: otherwise two texts would name the same bytes.
    guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
    return out
  }

  /// Whether every character of `text` is of the base64url alphabet (no padding).
  public static func isAlphabet(_ text: some StringProtocol) -> Bool {
    text.utf8.allSatisfy { sextet($0) >= 0 }
  }

  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  private static func sextet(_ character: UInt8) -> Int {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(character - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(character - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(character - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "-"): 62
    case UInt8(ascii: "_"): 63
    default: -1
    }
  }
}
