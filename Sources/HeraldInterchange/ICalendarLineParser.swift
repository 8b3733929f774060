import Foundation

/// Reads each content line of an iCalendar file, once `ICalendarUnfolder` has unfolded it, as
/// `NAME[;PARAM=…]:VALUE`.
struct ICalendarLineParser {
  /// A content line's bytes and the physical line it starts on.
  struct Unfolded {
    var bytes: [UInt8]
    var line: Int
  }

  /// Reads one unfolded line as a property.
  static func property(_ unfolded: Unfolded) throws(ICalendarProblem) -> ICalendarProperty {
    let bytes = unfolded.bytes
    func fail(_ why: String) -> ICalendarProblem {
      ICalendarProblem(line: unfolded.line, "not a content line NAME[;PARAM=…]:VALUE: \(why)")
    }
    guard String(bytes: bytes, encoding: .utf8) != nil else { throw fail("not UTF-8") }
    var index = 0
    let name = try token(bytes, &index, what: "property name", fail)
    var parameters: [ICalendarParameter] = []
    while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
      index += 1
      let parameterName = try token(bytes, &index, what: "parameter name", fail)
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw fail("parameter \(parameterName) has no '='")
      }
      var values: [String] = []
      repeat {
        index += 1
        values.append(try parameterValue(bytes, &index, fail))
      } while index < bytes.count && bytes[index] == UInt8(ascii: ",")
      parameters.append(ICalendarParameter(name: parameterName, values: values))
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      throw fail(
        index < bytes.count ? "unexpected \(describe(bytes[index])) after \(name)" : "no ':' and value")
    }
    let value = bytes[(index + 1)...]
    if let control = value.first(where: isControl) {
      throw fail("control character \(describe(control)) in the value")
    }
    return ICalendarProperty(
      name: name, parameters: parameters, value: String(decoding: value, as: UTF8.self), line: unfolded.line)
  }

  /// A name (`iana-token` / `x-name`: letters, digits, '-'), upper-cased.
  private static func token(
    _ bytes: [UInt8], _ index: inout Int, what: String, _ fail: (String) -> ICalendarProblem
  ) throws(ICalendarProblem) -> String {
    let start = index
    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
    guard index > start else {
      throw fail(index < bytes.count ? "\(describe(bytes[index])) where a \(what) belongs" : "no \(what)")
    }
    return String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
  }

  private static func parameterValue(
    _ bytes: [UInt8], _ index: inout Int, _ fail: (String) -> ICalendarProblem
  ) throws(ICalendarProblem) -> String {
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      let start = index + 1
      index = start
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        if isControl(bytes[index]) {
          throw fail("control character \(describe(bytes[index])) in a quoted value")
        }
        index += 1
      }
      guard index < bytes.count else { throw fail("a quoted parameter value is not closed") }
      index += 1
      return String(decoding: bytes[start..<index - 1], as: UTF8.self)
    }
    let start = index
    while index < bytes.count,
      ![UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[index])
    {
      if isControl(bytes[index]) || bytes[index] == UInt8(ascii: "\"") {
        throw fail("\(describe(bytes[index])) in a parameter value")
      }
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
  }

  /// RFC 5545 forbids control characters other than horizontal tab in content.
  static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

  private static func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }
}
