import Foundation

/// Rules for user-entered text that every entry point shares (scenario, CLI, web form).
public enum Validation {
  /// Longer titles are refused: no notification can show them, and they hint at a mistake.
  public static let maximumTitleLength = 500

  /// A title: not empty (nor only spaces), at most `maximumTitleLength` characters.
  public static func title(_ text: String, field: String = "title") throws(FieldError) -> String {
    guard !text.allSatisfy(\.isWhitespace) else { throw FieldError(field, "must not be empty") }
    guard text.count <= maximumTitleLength else {
      throw FieldError(field, "is \(text.count) characters long; at most \(maximumTitleLength) allowed")
    }
    return text
  }

  /// An identifier: not empty.
  public static func identifier(_ text: String, field: String = "id") throws(FieldError) -> String {
    guard !text.isEmpty else { throw FieldError(field, "must not be empty") }
    return text
  }

  /// A span of time such as a focus block's: its end strictly after its start.
  public static func interval(start: Date, end: Date, field: String = "end") throws(FieldError) {
    guard end > start else { throw FieldError(field, "must be after start") }
  }
}
