import Foundation
import HTTPTypes
import HeraldInterchange
import OpenAPIRuntime

/// A request the generated code could not read into the operation's input, in Herald's words.
///
/// The generated decoders and the OpenAPI runtime word their errors for Swift programmers
/// (`Cannot initialize LocalePayload from invalid String value xx`, `The given data was not valid
/// JSON.` for a `5.5` where an integer belongs, `Additional properties are disabled…`); none of
/// that text reaches a client. Each is put as the command line's readers put it: the field, what
/// was expected, and what came.
extension APIError {
  /// `error` failed while reading the request; `body` is the request's JSON as Herald's parser
  /// read it (`RequestBodyMiddleware`), when it had one.
  static func unreadable(_ error: ServerError, body: JSONValue?) -> APIError {
    if let decoding = error.underlyingError as? DecodingError {
      return unreadable(
        decoding, body: body, query: error.request.path?.split(separator: "?").dropFirst().first)
    }
    let cause = error.causeDescription
    if let expected = cause.firstMatch(of: /^Unexpected content type, expected: (.+), received: (.+)$/) {
      return APIError(
        .badRequest, field: "Content-Type", problem: "expected \(expected.1), got \(expected.2)")
    }
    if cause.hasPrefix("Missing required request body") {
      return APIError(.badRequest, problem: "a JSON body is required")
    }
    return APIError(.badRequest, problem: "the request is not what the API document describes")
  }

  /// A body or a parameter the generated decoder refused.
  private static func unreadable(_ error: DecodingError, body: JSONValue?, query: Substring?) -> APIError {
    switch error {
    case .keyNotFound(let key, let context):
      return APIError(.badRequest, field: path(context.codingPath + [key]), problem: "required")
    case .typeMismatch(let type, let context):
      let field = path(context.codingPath)
      // A parameter's decoder knows no path; the document's one boolean parameter is `restart`.
      if field.isEmpty, body == nil, type == Bool.self {
        let value = queryValue("restart", in: query) ?? ""
        return APIError(.badRequest, field: "restart", problem: "expected true or false, got \"\(value)\"")
      }
      let got = body.flatMap { value(at: context.codingPath, in: $0) }.map { ", got \(shown($0))" } ?? ""
      if field.isEmpty { return APIError(.badRequest, problem: "expected a JSON object\(got)") }
      return APIError(.badRequest, field: field, problem: "expected \(typeName(type))\(got)")
    case .valueNotFound(let type, let context):
      return APIError(
        .badRequest, field: nonEmpty(path(context.codingPath)),
        problem: "expected \(typeName(type)), got null")
    case .dataCorrupted(let context):
      return dataCorrupted(context, body: body)
    @unknown default:
      return APIError(.badRequest, problem: "the request is not what the API document describes")
    }
  }

  private static func dataCorrupted(_ context: DecodingError.Context, body: JSONValue?) -> APIError {
    let field = path(context.codingPath)
    let description = context.debugDescription
    // The runtime's check of `additionalProperties: false`: the coding path ends at the key.
    if description.hasPrefix("Additional properties are disabled") {
      return APIError(.badRequest, field: nonEmpty(field), problem: "unknown key")
    }
    // The standard library's decoding of an enum of the document (RawRepresentable).
    if let match = description.firstMatch(of: /^Cannot initialize (\w+) from invalid (\w+) value (.*)$/) {
      let (type, raw, value) = (String(match.1), match.2, String(match.3))
      let allowed = enumerations[type]
      let shownValue = raw == "String" ? "\"\(value)\"" : value
      let problem =
        allowed.map { "\(shownValue) is not one of \($0.values.joined(separator: ", "))" }
        ?? "\(shownValue) is not one of the values the API document lists"
      return APIError(.badRequest, field: nonEmpty(field) ?? allowed?.parameter, problem: problem)
    }
    // Foundation's decoder says only "not valid JSON", without a path, for a number that does not
    // fit the type: Herald's parser has read the body, so the number is there to be named.
    if field.isEmpty, let body {
      if let (at, _) = firstNumber(in: body, where: { !$0.isFinite }) {
        return APIError(.badRequest, field: nonEmpty(at), problem: "the number is too large")
      }
      if let (at, number) = firstNumber(in: body, where: { !isInteger($0) }) {
        return APIError(
          .badRequest, field: nonEmpty(at),
          problem: "expected an integer, got \(JSONWriter.string(.number(number), pretty: false))")
      }
      // A literal too small for a Double (1e-400) reads as 0 in Herald's parser and is refused by
      // the decoder: the fuzz target `api` finds no other way for the two to part.
      if let (at, _) = firstNumber(in: body, where: { $0 == 0 }) {
        return APIError(
          .badRequest, field: nonEmpty(at), problem: "the number is too small to read (write 0 for zero)")
      }
    }
    if field.isEmpty, body == nil { return APIError(.badRequest, problem: "a JSON body is required") }
    return APIError(
      .badRequest, field: nonEmpty(field), problem: "not a value the API document allows here")
  }

  // MARK: Names and values

  /// The enumerations a request may send, by the generated type's name (as the decoder's error
  /// names it): their values, and for a parameter its name (its decoder knows no path).
  private static let enumerations: [String: (values: [String], parameter: String?)] = {
    func entry<E: CaseIterable & RawRepresentable>(_ type: E.Type, parameter: String? = nil)
      -> (String, (values: [String], parameter: String?))
    {
      ("\(type)", (type.allCases.map { "\($0.rawValue)" }, parameter))
    }
    return Dictionary(
      [
        entry(Components.Schemas.SettingsPatch.LocalePayload.self),
        entry(Components.Schemas.SettingsPatch.DueDateAdvanceReminderMinutesPayload.self),
        entry(Components.Schemas.Style.self),
        entry(Components.Schemas.DaySchedule.KindPayload.self),
        entry(Components.Schemas.TemplateName.self, parameter: "name"),
        entry(Operations.GetPlan.Input.Query.LimitsPayload.self, parameter: "limits"),
      ], uniquingKeysWith: { first, _ in first })
  }()

  /// A coding path as the document's field paths read: `days.monday.timeBlocks[0].style`.
  static func path(_ keys: [any CodingKey]) -> String {
    keys.reduce("") { path, key in
      if let index = key.intValue { return path + "[\(index)]" }
      return path.isEmpty ? key.stringValue : path + "." + key.stringValue
    }
  }

  private static func nonEmpty(_ field: String) -> String? { field.isEmpty ? nil : field }

  static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
    case is Double.Type, is Float.Type: "a number"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }

  /// A value as a message shows it: a short literal, or its kind for anything long.
  private static func shown(_ value: JSONValue) -> String {
    switch value {
    case .array: return "an array"
    case .object: return "an object"
    case .null: return "null"
    default:
      let text = JSONWriter.string(value, pretty: false)
      return text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
  }

  /// The value at a decoder's coding path in the parsed body.
  private static func value(at keys: [any CodingKey], in root: JSONValue) -> JSONValue? {
    var current = root
    for key in keys {
      switch current {
      case .object(let members):
        guard let member = members.first(where: { $0.key == key.stringValue }) else { return nil }
        current = member.value
      case .array(let elements):
        guard let index = key.intValue, elements.indices.contains(index) else { return nil }
        current = elements[index]
      default: return nil
      }
    }
    return current
  }

  /// The path of the first number (in document order) for which `test` holds.
  private static func firstNumber(in value: JSONValue, at path: String = "", where test: (Double) -> Bool)
    -> (String, Double)?
  {
    switch value {
    case .number(let number): return test(number) ? (path, number) : nil
    case .object(let members):
      for member in members {
        let inner = path.isEmpty ? member.key : "\(path).\(member.key)"
        if let found = firstNumber(in: member.value, at: inner, where: test) { return found }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = firstNumber(in: element, at: "\(path)[\(index)]", where: test) { return found }
      }
    default: break
    }
    return nil
  }

  /// Whether `number` is one Swift's `Int` holds exactly (what an integer field decodes).
  private static func isInteger(_ number: Double) -> Bool {
    number.rounded() == number && abs(number) < 9.2e18
  }

  /// The value of the query item `name`, percent-decoded.
  private static func queryValue(_ name: String, in query: Substring?) -> String? {
    for item in (query ?? "").split(separator: "&") {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts[0] == name else { continue }
      let value = parts.count == 2 ? String(parts[1]) : ""
      return value.removingPercentEncoding ?? value
    }
    return nil
  }
}
