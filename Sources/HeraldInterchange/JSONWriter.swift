import Foundation
import HeraldCore

/// Prints a `JSONValue` deterministically: members in their given order, two-space indentation
/// (or one line), integers without a fraction, non-ASCII text as UTF-8.
public enum JSONWriter {
  /// The document as text; `pretty` breaks it over lines, otherwise it is one line.
  public static func string(_ value: JSONValue, pretty: Bool = true) -> String {
    var out = ""
    write(value, into: &out, indent: pretty ? 0 : nil)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String, indent: Int?) {
    switch value {
    case .null: out += "null"
    case .bool(let bool): out += bool ? "true" : "false"
    case .number(let number): out += format(number)
    case .string(let text): quote(text, into: &out)
    case .array(let elements):
      guard !elements.isEmpty else { return out += "[]" }
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += "," }
        newline(&out, indent.map { $0 + 1 })
        write(element, into: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out += "]"
    case .object(let members):
      guard !members.isEmpty else { return out += "{}" }
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += indent == nil ? ", " : "," }
        newline(&out, indent.map { $0 + 1 })
        quote(member.key, into: &out)
        out += ": "
        write(member.value, into: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: Int?) {
    guard let indent else { return }
    out += "\n"
    for _ in 0..<indent { out += "  " }
  }

  private static func format(_ number: Double) -> String {
    if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  /// Escapes only `"`, `\` and control characters; the runs between them are appended whole
  /// (cut at ASCII bytes, so always at a character's boundary), which keeps the usual text — none
  /// to escape — one append.
  private static func quote(_ text: String, into out: inout String) {
    out += "\""
    let bytes = text.utf8
    var run = bytes.startIndex
    for index in bytes.indices {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      out += Substring(bytes[run..<index])
      switch byte {
      case UInt8(ascii: "\""): out += "\\\""
      case UInt8(ascii: "\\"): out += "\\\\"
      case UInt8(ascii: "\n"): out += "\\n"
      case UInt8(ascii: "\r"): out += "\\r"
      case UInt8(ascii: "\t"): out += "\\t"
      default:
        let hex = String(byte, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      run = bytes.index(after: index)
    }
    out += Substring(bytes[run...])
    out += "\""
  }
}
