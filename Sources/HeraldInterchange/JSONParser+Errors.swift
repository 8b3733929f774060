import HeraldCore

extension JSONParser {
  /// The path of the value being read, as error messages name it.
  var currentPath: String { render(path) }

  func render(_ steps: [PathStep]) -> String {
    var text = ""
    for step in steps {
      switch step {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let number): text += "[\(number)]"
      }
    }
    return text
  }

  /// A syntax error at `index`: the field is the path of the value being read.
  func syntaxError(_ problem: String, at offset: Int? = nil) -> FieldError {
    placedError(currentPath, "not valid JSON: \(problem)", at: offset)
  }

  func placedError(_ field: String, _ problem: String, at offset: Int? = nil) -> FieldError {
    let (line, column) = position(of: offset ?? index)
    return FieldError(field, "\(problem) (line \(line), column \(column))")
  }

  /// 1-based line and column (in characters) of a byte offset; worked out only for an error.
  private func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[0..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// What is at `offset`, for "unexpected …" messages.
  func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the document" }
    return describeByte(bytes[offset])
  }

  func describeByte(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(hex(UInt32(byte), digits: 2))"
  }

  func hex(_ value: UInt32, digits: Int = 4) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
