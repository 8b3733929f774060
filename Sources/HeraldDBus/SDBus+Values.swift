import Foundation

extension SDBus {
  /// Appends `value` to message `m`.
  public func append(_ value: DBusValue, to m: Message) throws(DBusError) {
    func check(_ result: Int32) throws(DBusError) {
      if result < 0 { throw DBusError("writing a D-Bus message", code: result) }
    }
    func code(_ type: String) -> CChar { CChar(bitPattern: type.utf8.first ?? 0) }
    switch value {
    case .string(let text):
      // sd-bus takes a string's characters themselves for `s`.
      let result = text.withCString { appendBasic(m, code("s"), $0) }
      try check(result)
    case .uint32(var number): try check(appendBasic(m, code("u"), &number))
    case .int32(var number): try check(appendBasic(m, code("i"), &number))
    case .byte(var number): try check(appendBasic(m, code("y"), &number))
    case .boolean(let flag):
      // A D-Bus boolean is an int on the C side.
      var number: Int32 = flag ? 1 : 0
      try check(appendBasic(m, code("b"), &number))
    case .array(let element, let values):
      try check(element.withCString { openContainer(m, code("a"), $0) })
      for value in values { try append(value, to: m) }
      try check(closeContainer(m))
    case .dictEntry(let key, let value):
      try check((key.signature + value.signature).withCString { openContainer(m, code("e"), $0) })
      try append(key, to: m)
      try append(value, to: m)
      try check(closeContainer(m))
    case .variant(let inner):
      try check(inner.signature.withCString { openContainer(m, code("v"), $0) })
      try append(inner, to: m)
      try check(closeContainer(m))
    case .structure(let fields):
      let contents = fields.map(\.signature).joined()
      try check(contents.withCString { openContainer(m, code("r"), $0) })
      for field in fields { try append(field, to: m) }
      try check(closeContainer(m))
    case .other(let signature):
      throw DBusError("writing a value of type \(signature)", code: EINVAL)
    }
  }

  /// Reads every value left at the current level of message `m` (its arguments, at the top).
  public func readValues(_ m: Message) -> [DBusValue] {
    var values: [DBusValue] = []
    while let value = readValue(m) { values.append(value) }
    return values
  }

  /// Reads the next value; `nil` at the end of the current level or on an error.
  private func readValue(_ m: Message) -> DBusValue? {
    var type: CChar = 0
    var contents: UnsafePointer<CChar>?
    guard peekType(m, &type, &contents) > 0 else { return nil }
    let letter = Character(UnicodeScalar(UInt8(bitPattern: type)))
    switch letter {
    case "s", "o", "g":
      var text: UnsafePointer<CChar>?
      guard readBasic(m, type, &text) > 0, let text else { return nil }
      return .string(String(cString: text))
    case "u":
      var number: UInt32 = 0
      return readBasic(m, type, &number) > 0 ? .uint32(number) : nil
    case "i":
      var number: Int32 = 0
      return readBasic(m, type, &number) > 0 ? .int32(number) : nil
    case "y":
      var number: UInt8 = 0
      return readBasic(m, type, &number) > 0 ? .byte(number) : nil
    case "b":
      var number: Int32 = 0
      return readBasic(m, type, &number) > 0 ? .boolean(number != 0) : nil
    case "a", "e", "v", "r":
      let signature = contents.map { String(cString: $0) } ?? ""
      guard enterContainer(m, type, contents) > 0 else { return nil }
      let inner = readValues(m)
      guard exitContainer(m) >= 0 else { return nil }
      switch letter {
      case "a": return .array(elementSignature: signature, inner)
      case "e": return inner.count == 2 ? .dictEntry(inner[0], inner[1]) : .structure(inner)
      case "v": return inner.first.map(DBusValue.variant)
      default: return .structure(inner)
      }
    default:
      // A number of another width (n, q, x, t, d, h): read into room for any, kept as its type.
      var room: UInt64 = 0
      return readBasic(m, type, &room) > 0 ? .other(String(letter)) : nil
    }
  }
}
