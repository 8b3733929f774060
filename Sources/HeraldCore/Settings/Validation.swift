import Foundation

/// Rules for user-entered text that every entry point shares (scenario, CLI, web form).
public enum Validation {
  /// Longer titles are refused: no notification can show them, and they hint at a mistake.
  public static let maximumTitleLength = 500

  /// A title: not empty (nor only spaces), at most `maximumTitleLength` characters.
  public static func title(_ text: String, field: String = "title") throws(FieldError) -> String {
    guard !text.allSatisfy(\.isWhitespace) else { throw FieldError(field, "must not be empty") }
    // No more characters than UTF-8 bytes: most titles need no count of their characters.
    guard text.utf8.count <= maximumTitleLength || text.count <= maximumTitleLength else {
      throw FieldError(field, "is \(text.count) characters long; at most \(maximumTitleLength) allowed")
    }
    return text
  }

  /// An identifier: not empty, no control characters. An id is typed, compared and printed in
  /// messages and notification ids; a NUL or an escape sequence in one is a mistake, and
  /// storage cuts C strings at a NUL, so two ids could become one.
  public static func identifier(_ text: String, field: String = "id") throws(FieldError) -> String {
    guard !text.isEmpty else { throw FieldError(field, "must not be empty") }
    // Printable ASCII (almost every id) has no control character: skip the Unicode lookup.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      let hex = String(control.value, radix: 16, uppercase: true)
      throw FieldError(
        field,
        "must not contain control characters (found U+\(String(repeating: "0", count: 4 - hex.count))\(hex))")
    }
    return text
  }

  /// The instants Herald accepts, in seconds since 1970: 0001-01-02T00:00:00Z up to
  /// 9999-12-30T23:59:59Z — a day inside the four-digit years, so that any zone's offset writes
  /// each of them with a four-digit year and every reader reads back what every writer wrote.
  public static let acceptedSeconds: ClosedRange<Int> = -62_135_510_400...253_402_214_399

  /// An instant a person gave (a due date, a block's start or end): one inside `acceptedSeconds`.
  /// Every entry point applies this one rule, and every store holds nothing it would refuse.
  @discardableResult
  public static func instant(_ date: Date, field: String) throws(FieldError) -> Date {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, Double(acceptedSeconds.lowerBound) <= seconds,
      seconds < Double(acceptedSeconds.upperBound + 1)
    else {
      throw FieldError(
        field, "outside the instants Herald accepts: 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z")
    }
    return date
  }

  /// A span of time such as a focus block's: its end strictly after its start.
  public static func interval(start: Date, end: Date, field: String = "end") throws(FieldError) {
    guard end > start else { throw FieldError(field, "must be after start") }
  }
}
