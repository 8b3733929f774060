import Foundation
import HeraldCore

/// RFC 8259 JSON, read strictly from UTF-8 bytes into a `JSONValue`, members in document order.
///
/// Written by hand rather than with `JSONDecoder` because the decoder accepts what is not JSON
/// (a duplicate key, where the first one silently wins; a trailing comma), says neither line nor
/// column, and is slow on large documents. Every error is a `FieldError` whose field is the path
/// of the value being read (`tasks[3].due`) and whose problem says what is wrong and where
/// (`line 12, column 17`).
struct JSONParser {
  /// Deeper documents are refused, so that nothing that walks the value can run out of stack.
  static let maximumDepth = 512

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// The keys and indexes from the root to the value being read, for error messages.
  var path: [PathStep] = []

  enum PathStep {
    case key(String)
    case index(Int)
  }

  /// Parses one JSON text: a value with nothing but whitespace around it.
  static func parse(_ data: Data) throws(FieldError) -> JSONValue {
    let result = data.withUnsafeBytes { raw -> Result<JSONValue, FieldError> in
      var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
      do throws(FieldError) { return .success(try parser.document()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private mutating func document() throws(FieldError) -> JSONValue {
    // RFC 8259 §8.1 lets a parser ignore a byte order mark; editors on some systems write one.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    let value = try self.value(depth: 0)
    skipWhitespace()
    guard index == bytes.count else {
      throw syntaxError("unexpected \(describe(index)) after the end of the document")
    }
    return value
  }

  private mutating func value(depth: Int) throws(FieldError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw syntaxError("the document ends where a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw syntaxError("unexpected \(describe(index)) where a value was expected")
    }
  }

  private mutating func object(depth: Int) throws(FieldError) -> JSONValue {
    try checkDepth(depth)
    index += 1
    var members: [JSONValue.Member] = []
    var keys: Set<String> = []
    skipWhitespace()
    if byte(is: "}") {
      index += 1
      return .object([])
    }
    while true {
      skipWhitespace()
      guard byte(is: "\"") else {
        if byte(is: "}") { throw placedError(currentPath, "trailing comma before '}'") }
        throw syntaxError("expected a key in double quotes, found \(describe(index))")
      }
      let keyStart = index
      let key = try string()
      // Small objects (every object of a scenario) are searched; large ones use a set.
      let duplicate = members.count < 16 ? members.contains { $0.key == key } : keys.contains(key)
      if duplicate {
        throw placedError(
          render(path + [.key(key)]), "duplicate key (each key may appear once in an object)", at: keyStart)
      }
      if members.count >= 15 {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        keys.insert(key)
      }
      skipWhitespace()
      guard byte(is: ":") else { throw syntaxError("expected ':' after a key, found \(describe(index))") }
      index += 1
      path.append(.key(key))
      let value = try self.value(depth: depth)
      path.removeLast()
      members.append(JSONValue.Member(key, value))
      skipWhitespace()
      if byte(is: ",") {
        index += 1
        continue
      }
      if byte(is: "}") {
        index += 1
        return .object(members)
      }
      throw syntaxError("expected ',' or '}' after an object member, found \(describe(index))")
    }
  }

  private mutating func array(depth: Int) throws(FieldError) -> JSONValue {
    try checkDepth(depth)
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if byte(is: "]") {
      index += 1
      return .array([])
    }
    while true {
      skipWhitespace()
      if byte(is: "]") { throw placedError(currentPath, "trailing comma before ']'") }
      path.append(.index(elements.count))
      elements.append(try value(depth: depth))
      path.removeLast()
      skipWhitespace()
      if byte(is: ",") {
        index += 1
        continue
      }
      if byte(is: "]") {
        index += 1
        return .array(elements)
      }
      throw syntaxError("expected ',' or ']' after an array element, found \(describe(index))")
    }
  }

  private mutating func literal(_ word: StaticString) throws(FieldError) {
    let count = word.utf8CodeUnitCount
    let matches =
      index + count <= bytes.count
      && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
    guard matches else { throw syntaxError("unexpected \(describe(index)) where a value was expected") }
    index += count
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as a `Double`; a literal too large for one
  /// reads as infinity, which every integer field reports as out of range.
  private mutating func number() throws(FieldError) -> Double {
    let start = index
    if byte(is: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw syntaxError("expected a digit after '-', found \(describe(index))")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw syntaxError("a number must not start with 0 (found a leading zero)")
      }
    } else {
      skipDigits()
    }
    var integral = true
    if byte(is: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw syntaxError("expected a digit after '.', found \(describe(index))")
      }
      skipDigits()
      integral = false
    }
    if byte(is: "e") || byte(is: "E") {
      index += 1
      if byte(is: "+") || byte(is: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw syntaxError("expected a digit in the exponent, found \(describe(index))")
      }
      skipDigits()
      integral = false
    }
    let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
    // Up to 15 digits an integer is exact in a Double: add it up without a string.
    if integral, text.count <= 15 {
      var value = 0
      for digit in text where digit != UInt8(ascii: "-") { value = value * 10 + Int(digit - 48) }
      return Double(text[0] == UInt8(ascii: "-") ? -value : value)
    }
    guard let value = Double(String(decoding: text, as: UTF8.self)) else {
      throw syntaxError("unreadable number")
    }
    return value
  }

  mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  func byte(is character: Unicode.Scalar) -> Bool {
    index < bytes.count && bytes[index] == UInt8(character.value)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private func checkDepth(_ depth: Int) throws(FieldError) {
    guard depth <= Self.maximumDepth else {
      throw syntaxError("nested deeper than \(Self.maximumDepth) levels")
    }
  }
}
