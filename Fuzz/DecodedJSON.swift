// A JSON document as Foundation's JSONDecoder reads it — the decoder the API's generated code reads
// request bodies with — for the `api` fuzz target to set beside Herald's own reader.
import Foundation

indirect enum DecodedJSON: Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([DecodedJSON])
  case object([String: DecodedJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([DecodedJSON].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: DecodedJSON].self))
    }
  }

  /// Whether this is the document Herald's reader read as `value`: the same members (no two of
  /// Herald's merged into one key here), strings scalar for scalar (not merely canonically
  /// equivalent), numbers equal.
  func matches(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.null, .null): return true
    case (.bool(let mine), .bool(let theirs)): return mine == theirs
    case (.number(let mine), .number(let theirs)): return mine == theirs
    case (.string(let mine), .string(let theirs)): return Self.same(mine, theirs)
    case (.array(let mine), .array(let theirs)):
      return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.matches($1) }
    case (.object(let mine), .object(let theirs)):
      guard mine.count == theirs.count else { return false }
      return theirs.allSatisfy { member in
        guard let index = mine.index(forKey: member.key), Self.same(mine[index].key, member.key) else {
          return false
        }
        return mine[index].value.matches(member.value)
      }
    default: return false
    }
  }

  private static func same(_ one: String, _ other: String) -> Bool {
    one.unicodeScalars.elementsEqual(other.unicodeScalars)
  }
}

extension JSONValue {
  /// Whether a number of the document is one Foundation's decoder refuses and Herald's reader
  /// takes: a literal beyond `Double`'s range reads as infinity here, one too small as 0.
  var hasNumberOutOfRange: Bool {
    switch self {
    case .number(let number): return !number.isFinite || number == 0
    case .array(let elements): return elements.contains { $0.hasNumberOutOfRange }
    case .object(let members): return members.contains { $0.value.hasNumberOutOfRange }
    default: return false
    }
  }
}
