/// The language of notification texts. German is the specs' own language and the default.
public enum Language: String, Sendable, Codable, Hashable, CaseIterable {
  case de
  case en

  /// Parses `de` or `en`.
  public init(parsing value: String, field: String = "locale") throws(FieldError) {
    guard let language = Language(rawValue: value) else {
      throw FieldError(field, "expected \"de\" or \"en\", got \"\(value)\"")
    }
    self = language
  }
}
