import Foundation
import HeraldCore

/// Prints a `JSONValue` deterministically: members in their given order, two-space indentation
/// (or one line), integers without a fraction, non-ASCII text as UTF-8.
public enum JSONWriter {
  /// The document as text; `pretty` breaks it over lines, otherwise it is one line.
  public static func string(_ value: JSONValue, pretty: Bool = true) -> String {
    String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
  }

  /// The document as UTF-8, for a response body. Bytes, not a `String`: appending thousands of
  /// small pieces to a `String` checked its capacity and flags each time, which took most of the
  /// time of serving a plan (docs/benchmarks.md, "The plan read").
  public static func bytes(_ value: JSONValue, pretty: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(1024)
    write(value, into: &out, indent: pretty ? 0 : nil)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int?) {
    switch value {
    case .null: out += "null".utf8
    case .bool(let bool): out += (bool ? "true" : "false").utf8
    case .number(let number): out += format(number).utf8
    case .string(let text): quote(text, into: &out)
    case .array(let elements):
      guard !elements.isEmpty else { return out += "[]".utf8 }
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        newline(&out, indent.map { $0 + 1 })
        write(element, into: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out += "{}".utf8 }
      out.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { out += (indent == nil ? ", " : ",").utf8 }
        newline(&out, indent.map { $0 + 1 })
        quote(member.key, into: &out)
        out += ": ".utf8
        write(member.value, into: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int?) {
    guard let indent else { return }
    out.append(UInt8(ascii: "\n"))
    // Copied from a run of spaces at once; a document nests deeper than it only in theory.
    var left = 2 * indent
    while left > 0 {
      let count = min(left, spaces.count)
      out += spaces[..<count]
      left -= count
    }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

  private static func format(_ number: Double) -> String {
    if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  /// Escapes only `"`, `\` and control characters; the runs between them are appended whole
  /// (cut at ASCII bytes, so always at a character's boundary), which keeps the usual text — none
  /// to escape — one append.
  private static func quote(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var run = 0
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        out += UnsafeBufferPointer(rebasing: bytes[run..<index])
        switch byte {
        case UInt8(ascii: "\""): out += #"\""#.utf8
        case UInt8(ascii: "\\"): out += #"\\"#.utf8
        case UInt8(ascii: "\n"): out += #"\n"#.utf8
        case UInt8(ascii: "\r"): out += #"\r"#.utf8
        case UInt8(ascii: "\t"): out += #"\t"#.utf8
        default:
          let hex = String(byte, radix: 16)
          out += (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).utf8
        }
        run = index + 1
      }
      out += UnsafeBufferPointer(rebasing: bytes[run...])
    }
    out.append(UInt8(ascii: "\""))
  }
}
