import HeraldCore

/// A start tag's name and attributes as `XMLTokenizer` read them, valid only while the handler
/// runs: nothing is copied until an attribute's value is asked for.
struct XMLTag {
  /// The element's name without a namespace prefix (`trkpt` for `gpx:trkpt`).
  let localName: UnsafeBufferPointer<UInt8>
  /// Everything after the name: ` lat="45.1" lon='13.7'`.
  private let attributes: UnsafeBufferPointer<UInt8>

  /// Checks the attributes' syntax (`name="value"` or `name='value'`, each name once).
  init(parsing attributes: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>) throws(FieldError) {
    localName = Self.localName(name)
    self.attributes = attributes
    var names: [UnsafeBufferPointer<UInt8>] = []
    var problem: String?
    forEachAttribute { name, value in
      guard let name, let value else {
        problem = "an attribute is not written as name=\"value\""
        return false
      }
      if names.contains(where: { $0.elementsEqual(name) }) {
        problem = "the attribute \(String(decoding: name, as: UTF8.self)) is given twice"
        return false
      }
      if value.contains(UInt8(ascii: "&")), Self.decodeEntities(value) == nil {
        problem = "an undefined entity in the attribute \(String(decoding: name, as: UTF8.self))"
        return false
      }
      names.append(name)
      return true
    }
    if let problem { throw FieldError("", problem) }
  }

  /// The value of the attribute whose local name is `name`, entities decoded.
  func value(of name: String) -> String? {
    var result: String?
    forEachAttribute { attribute, value in
      guard let attribute, let value, Self.localName(attribute).elementsEqual(name.utf8) else { return true }
      result =
        value.contains(UInt8(ascii: "&"))
        ? Self.decodeEntities(value).map { String(decoding: $0, as: UTF8.self) }
        : String(decoding: value, as: UTF8.self)
      return false
    }
    return result
  }

  /// Walks `name="value"` pairs; `body` gets nil for a malformed pair and returns whether to go on.
  private func forEachAttribute(
    _ body: (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>?) -> Bool
  ) {
    var index = 0
    let bytes = attributes
    func skipSpace() { while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 } }
    while true {
      let hadSpace = index < bytes.count && Self.isSpace(bytes[index])
      skipSpace()
      guard index < bytes.count else { return }
      guard hadSpace else { return _ = body(nil, nil) }
      let nameStart = index
      while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
      let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
      skipSpace()
      guard Self.isName(name), index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        return _ = body(nil, nil)
      }
      index += 1
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
      else {
        return _ = body(nil, nil)
      }
      let quote = bytes[index]
      index += 1
      let valueStart = index
      while index < bytes.count, bytes[index] != quote { index += 1 }
      guard index < bytes.count else { return _ = body(nil, nil) }
      let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<index])
      index += 1
      guard body(name, value) else { return }
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

  /// An XML name, loosely: not empty, no markup or space in it, not starting with a digit, `-` or `.`.
  static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      first != UInt8(ascii: "-"), first != UInt8(ascii: ".")
    else { return false }
    for byte in bytes {
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="),
        UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "?"),
        UInt8(ascii: ";"):
        return false
      default: continue
      }
    }
    return true
  }

  static func localName(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let colon = name.lastIndex(of: UInt8(ascii: ":")) else { return name }
    return UnsafeBufferPointer(rebasing: name[(colon + 1)...])
  }

  /// Text with `&…;` references replaced; nil when one is not defined.
  static func decodeEntities(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "&") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard let semicolon = bytes[index...].firstIndex(of: UInt8(ascii: ";")),
        let decoded = decodeReference(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<semicolon]))
      else { return nil }
      result += decoded
      index = semicolon + 1
    }
    return result
  }

  /// The UTF-8 of `lt`, `gt`, `amp`, `quot`, `apos`, `#NNN` or `#xHHH`; nil for anything else.
  static func decodeReference(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    switch String(decoding: name, as: UTF8.self) {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    case let text where text.hasPrefix("#x") || text.hasPrefix("#"):
      let hex = text.hasPrefix("#x")
      let digits = text.dropFirst(hex ? 2 : 1)
      guard !digits.isEmpty, digits.count <= 8,
        digits.allSatisfy({ hex ? $0.isHexDigit : ("0"..."9").contains($0) }),
        let value = UInt32(digits, radix: hex ? 16 : 10),
        value == 0x9 || value == 0xA || value == 0xD || value >= 0x20,
        let scalar = Unicode.Scalar(value)
      else { return nil }
      return Array(String(Character(scalar)).utf8)
    default: return nil
    }
  }
}
