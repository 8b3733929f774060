import Foundation
import HeraldCore

/// Reads one JSON object of a document, knowing its path, so every error names the exact field
/// (`tasks[3].due`) and unknown keys are refused: a typo must not silently disable a reminder.
struct ObjectReader {
  let path: String
  private let members: [JSONValue.Member]

  init(_ value: JSONValue, path: String) throws(FieldError) {
    guard case .object(let members) = value else {
      throw FieldError(path, "expected an object, got \(value.kindName)")
    }
    self.path = path
    self.members = members
  }

  /// Throws on the first key (in document order) that is not in `known`.
  /// (A short list, searched: hashing every key of 600 000 tasks costs more than comparing.)
  func allowOnly(_ known: [String]) throws(FieldError) {
    if let unknown = members.first(where: { !known.contains($0.key) }) {
      throw FieldError(field(unknown.key), "unknown key")
    }
  }

  /// Every member, in document order.
  var allMembers: [JSONValue.Member] { members }

  func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// The member's value; `nil` when absent or `null`.
  func value(_ key: String) -> JSONValue? {
    guard let value = members.first(where: { $0.key == key })?.value, value != .null else { return nil }
    return value
  }

  func string(_ key: String) throws(FieldError) -> String? {
    guard let value = value(key) else { return nil }
    guard case .string(let text) = value else { throw typeError(key, "a string", value) }
    return text
  }

  func requiredString(_ key: String) throws(FieldError) -> String {
    guard let text = try string(key) else { throw FieldError(field(key), "required") }
    return text
  }

  func bool(_ key: String) throws(FieldError) -> Bool? {
    guard let value = value(key) else { return nil }
    guard case .bool(let flag) = value else { throw typeError(key, "true or false", value) }
    return flag
  }

  /// An integer; `allowed` says which, for the message when the number is too large to be one.
  func int(_ key: String, allowed: String) throws(FieldError) -> Int? {
    guard let value = value(key) else { return nil }
    return try Self.integer(value, field: field(key), allowed: allowed)
  }

  func array(_ key: String) throws(FieldError) -> [JSONValue]? {
    guard let value = value(key) else { return nil }
    guard case .array(let elements) = value else { throw typeError(key, "an array", value) }
    return elements
  }

  func object(_ key: String) throws(FieldError) -> ObjectReader? {
    guard let value = value(key) else { return nil }
    return try ObjectReader(value, path: field(key))
  }

  /// An instant with offset, RFC 3339.
  func instant(_ key: String) throws(FieldError) -> Date? {
    guard let text = try string(key) else { return nil }
    guard let date = RFC3339.parse(text) else {
      throw FieldError(field(key), "not an RFC 3339 date: \(JSONWriter.string(.string(text)))")
    }
    return date
  }

  func requiredInstant(_ key: String) throws(FieldError) -> Date {
    guard let date = try instant(key) else { throw FieldError(field(key), "required") }
    return date
  }

  /// A non-empty title of at most `Validation.maximumTitleLength` characters.
  func title(_ key: String) throws(FieldError) -> String {
    try Validation.title(requiredString(key), field: field(key))
  }

  /// The largest magnitude an integer field reads; every field's range lies well inside it.
  static let integerLimit = 1e9

  /// A whole number; one too large to be read (its exact digits may not even survive as a
  /// `Double`) is "out of range" with what the field allows, rather than a rounded rendering of it.
  static func integer(_ value: JSONValue, field: String, allowed: String) throws(FieldError) -> Int {
    guard case .number(let number) = value, number.rounded() == number || number.isInfinite else {
      throw FieldError(field, "expected \(allowed), got \(JSONWriter.string(value, pretty: false))")
    }
    guard abs(number) < integerLimit else { throw FieldError(field, "out of range: expected \(allowed)") }
    return Int(number)
  }

  private func typeError(_ key: String, _ expected: String, _ value: JSONValue) -> FieldError {
    FieldError(field(key), "expected \(expected), got \(JSONWriter.string(value, pretty: false))")
  }
}

extension JSONValue {
  /// The JSON type's name, for messages.
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
