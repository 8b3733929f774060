import HeraldCore

extension JSONParser {
  /// A string at `index` (its opening quote); escapes decoded, UTF-8 checked.
  mutating func string() throws(FieldError) -> String {
    index += 1
    let start = index
    // Most strings have no escape: check them in place and make the String once.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      // Printable ASCII, the common case, without a call.
      if byte >= 0x20, byte < 0x80 {
        index += 1
        continue
      }
      try scanCharacter()
    }
    var decoded = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: decoded, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        try escape(into: &decoded)
        continue
      }
      let characterStart = index
      try scanCharacter()
      decoded.append(contentsOf: bytes[characterStart..<index])
    }
    throw syntaxError("the document ends inside a string")
  }

  /// Steps over one character of a string, refusing raw control characters and bad UTF-8.
  private mutating func scanCharacter() throws(FieldError) {
    let byte = bytes[index]
    if byte < 0x20 {
      throw syntaxError(
        "a control character (U+\(hex(UInt32(byte)))) in a string must be written as an escape")
    }
    if byte < 0x80 {
      index += 1
      return
    }
    // UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF.
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch byte {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: throw syntaxError("not UTF-8 (byte 0x\(hex(UInt32(byte), digits: 2)))")
    }
    guard index + length <= bytes.count else { throw syntaxError("not UTF-8 (a character is cut off)") }
    for offset in 1..<length {
      let next = bytes[index + offset]
      let (min, max) = offset == 1 ? (low, high) : (0x80, 0xBF)
      guard next >= min, next <= max else {
        throw syntaxError("not UTF-8 (byte 0x\(hex(UInt32(byte), digits: 2)) starts no valid character)")
      }
    }
    index += length
  }

  /// A backslash escape at `index`, appended to `decoded` as UTF-8.
  private mutating func escape(into decoded: inout [UInt8]) throws(FieldError) {
    guard index + 1 < bytes.count else { throw syntaxError("the document ends inside a string") }
    let letter = bytes[index + 1]
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""): 0x22
      case UInt8(ascii: "\\"): 0x5C
      case UInt8(ascii: "/"): 0x2F
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      decoded.append(simple)
      index += 2
      return
    }
    guard letter == UInt8(ascii: "u") else {
      let shown =
        letter >= 0x21 && letter < 0x7F ? "\\\(Character(Unicode.Scalar(letter)))" : describeByte(letter)
      throw syntaxError("unknown escape \(shown) (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
    }
    var scalar = try hexQuad(at: index + 2)
    let escapeStart = index
    index += 6
    if (0xD800...0xDBFF).contains(scalar) {
      // A character outside the Basic Multilingual Plane: a high surrogate, then a low one.
      let pairFollows =
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
      let low = pairFollows ? try hexQuad(at: index + 2) : 0
      guard (0xDC00...0xDFFF).contains(low) else {
        throw syntaxError(
          "\\u\(hex(scalar)) is half of a UTF-16 surrogate pair; the other half is missing", at: escapeStart)
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      index += 6
    } else if (0xDC00...0xDFFF).contains(scalar) {
      throw syntaxError(
        "\\u\(hex(scalar)) is half of a UTF-16 surrogate pair; the other half is missing", at: escapeStart)
    }
    guard let character = Unicode.Scalar(scalar) else { throw syntaxError("invalid escape", at: escapeStart) }
    decoded.append(contentsOf: String(Character(character)).utf8)
  }

  private func hexQuad(at start: Int) throws(FieldError) -> UInt32 {
    guard start + 4 <= bytes.count else { throw syntaxError("the document ends inside a \\u escape") }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = bytes[start + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
      default: throw syntaxError("\\u must be followed by four hexadecimal digits", at: start - 2)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
