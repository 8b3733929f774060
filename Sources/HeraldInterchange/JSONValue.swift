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

  /// Parses UTF-8 JSON strictly (RFC 8259): the error names the path, line and column of what is
  /// wrong; a duplicate key or a trailing comma is an error, members keep their document order.
  public static func parse(_ data: Data) throws(FieldError) -> JSONValue {
    try JSONParser.parse(data)
  }

  /// The value of an object member, if this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}
