import Foundation
import HeraldCore
import HeraldInterchange
import Testing

/// The strict RFC 8259 reader: what JSON allows is read exactly, what it does not is an error
/// naming the path, line and column.
@Suite struct JSONParserTests {
  func parse(_ text: String) throws(FieldError) -> JSONValue {
    try JSONValue.parse(Data(text.utf8))
  }

  func failure(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "accepted"
    } catch {
      return error.description
    }
  }

  @Test func membersKeepTheirDocumentOrder() throws {
    let value = try parse(#"{"b": 1, "a": [true, false, null], "c": {"z": "", "y": -0.5e1}}"#)
    #expect(
      value
        == .object([
          .init("b", .number(1)), .init("a", .array([.bool(true), .bool(false), .null])),
          .init("c", .object([.init("z", .string("")), .init("y", .number(-5))])),
        ]))
  }

  @Test func everyEscapeReadsAsRFC8259Says() throws {
    let value = try parse(#""\" \\ \/ \b \f \n \r \t \u00e9 \u0000 \ud83d\ude00""#)
    #expect(value == .string("\" \\ / \u{8} \u{C} \n \r \t é \u{0} 😀"))
  }

  @Test func numbersOfEveryForm() throws {
    #expect(try parse("0") == .number(0))
    #expect(try parse("-12") == .number(-12))
    #expect(try parse("123456789012345678") == .number(Double(123_456_789_012_345_678 as Int)))
    #expect(try parse("1.25E+2") == .number(125))
    #expect(try parse(" \t\r\n7 \n") == .number(7))
  }

  @Test func aByteOrderMarkIsIgnored() throws {
    #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == .array([.number(1)]))
  }

  // swift-format-ignore: LineLength
  static let refused: [(text: String, message: String)] = [
    (#"{"a": 1, "a": 2}"#, "a: duplicate key (each key may appear once in an object) (line 1, column 10)"),
    (
      #"{"a": {"b": [1, {"c": 1, "c": 2}]}}"#,
      "a.b[1].c: duplicate key (each key may appear once in an object) (line 1, column 26)"
    ),
    ("[1, 2,]", "trailing comma before ']' (line 1, column 7)"),
    (#"{"a": 1,}"#, "trailing comma before '}' (line 1, column 9)"),
    ("[1 2]", "not valid JSON: expected ',' or ']' after an array element, found '2' (line 1, column 4)"),
    (
      "{\n  \"a\":\n    tru}",
      "a: not valid JSON: unexpected 't' where a value was expected (line 3, column 5)"
    ),
    ("[01]", "[0]: not valid JSON: a number must not start with 0 (found a leading zero) (line 1, column 3)"),
    ("[1.]", "[0]: not valid JSON: expected a digit after '.', found ']' (line 1, column 4)"),
    ("[-]", "[0]: not valid JSON: expected a digit after '-', found ']' (line 1, column 3)"),
    ("[+1]", "[0]: not valid JSON: unexpected '+' where a value was expected (line 1, column 2)"),
    ("[NaN]", "[0]: not valid JSON: unexpected 'N' where a value was expected (line 1, column 2)"),
    (
      #"["\x"]"#,
      #"[0]: not valid JSON: unknown escape \x (allowed: \" \\ \/ \b \f \n \r \t \uXXXX) (line 1, column 3)"#
    ),
    (
      #"["\udc00"]"#,
      #"[0]: not valid JSON: \uDC00 is half of a UTF-16 surrogate pair; the other half is missing (line 1, column 3)"#
    ),
    (
      #"["\u12"]"#, #"[0]: not valid JSON: \u must be followed by four hexadecimal digits (line 1, column 3)"#
    ),
    (
      "[\"a\nb\"]",
      "[0]: not valid JSON: a control character (U+000A) in a string must be written as an escape (line 1, column 4)"
    ),
    (#"{'a': 1}"#, "not valid JSON: expected a key in double quotes, found ''' (line 1, column 2)"),
    (#"{"a" 1}"#, "not valid JSON: expected ':' after a key, found '1' (line 1, column 6)"),
    ("[\"é", "[0]: not valid JSON: the document ends inside a string (line 1, column 4)"),
    ("[1] // comment", "not valid JSON: unexpected '/' after the end of the document (line 1, column 5)"),
    ("", "not valid JSON: the document ends where a value was expected (line 1, column 1)"),
  ]

  @Test(arguments: refused)
  func whatIsNotJSONIsRefusedWithPathLineAndColumn(_ bad: (text: String, message: String)) {
    #expect(failure(bad.text) == bad.message)
  }

  @Test func invalidUTF8IsRefused() {
    for bytes: [UInt8] in [
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF],
    ] {
      let data = Data([0x22] + bytes + [0x22])
      #expect(throws: FieldError.self) { try JSONValue.parse(data) }
    }
  }

  @Test func nestingBeyondTheLimitIsRefusedNotACrash() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(failure(deep).contains("nested deeper than 512 levels"))
    let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    _ = try parse(allowed)
  }
}
