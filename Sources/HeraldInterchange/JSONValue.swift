import Foundation
import HeraldCore

/// A JSON document as a value, with object members in order: what the scenario reader walks
/// (to name the exact field of an error) and what the writers print (in a fixed key order).
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([Member])

  /// One member of an object.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// Parses UTF-8 JSON; the error says what is wrong with the document.
  public static func parse(_ data: Data) throws(FieldError) -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw FieldError("", "not valid JSON (\(Self.reason(error)))")
    }
  }

  /// The value of an object member, if this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A one-line reason from a decoding error, without Foundation's multi-line context dumps.
  private static func reason(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return "\(error)" }
    switch decoding {
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return (underlying ?? context.debugDescription).replacingOccurrences(of: "\n", with: " ")
    default:
      return "unreadable document"
    }
  }
}

extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      // JSON objects are unordered; sorting keys makes every walk over them deterministic.
      self = .object(
        try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          Member($0.stringValue, try container.decode(JSONValue.self, forKey: $0))
        })
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
