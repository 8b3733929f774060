import Foundation
import HeraldCore

/// What is wrong with an instant as typed, in words a person can act on: the day that does not
/// exist (`2026-02-30: February 2026 has 28 days`), the hour past 23, the missing offset. Written
/// once, for every reader that has to say why an instant was refused (the command line's
/// RFC 3339 options and its local instants, `LocalInstant`).
extension RFC3339 {
  /// Reads an instant with offset; the error names `field`, the value and what is wrong with it.
  public static func parse(_ text: String, field: String) throws(FieldError) -> Date {
    guard let instant = parse(text) else {
      throw error(text, field: field, expected: "an RFC 3339 instant with offset", localAllowed: false)
    }
    return instant
  }

  /// The error for `text` in `field`, which was not read: what is wrong with it when that can be
  /// named, else what was `expected`; the value is quoted either way.
  static func error(_ text: String, field: String, expected: String, localAllowed: Bool) -> FieldError {
    let quoted = JSONWriter.string(.string(text))
    if let problem = problem(text, localAllowed: localAllowed) {
      return FieldError(field, "\(problem) (in \(quoted))")
    }
    return FieldError(field, "expected \(expected), got \(quoted)")
  }

  /// The first thing wrong with `text` read as `YYYY-MM-DDTHH:MM[:SS[.fraction]][offset]`: a
  /// month, day, hour, minute, second or offset out of its range, a missing offset (unless a
  /// local reading is allowed), or an instant outside the accepted range. `nil` when `text` is
  /// not of that shape at all, or when nothing in it is wrong that can be named.
  static func problem(_ text: String, localAllowed: Bool) -> String? {
    let shape =
      /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(\.[0-9]+)?)?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))?$/
    guard let match = text.wholeMatch(of: shape) else { return nil }
    let output = match.output
    let number = { (part: Substring) in Int(part) ?? 0 }
    let year = number(output.1)
    let month = number(output.2)
    let day = number(output.3)
    let date = "\(output.1)-\(output.2)-\(output.3)"
    guard (1...12).contains(month) else { return "\(date): the month must be 01–12" }
    let days = (28...31).last { CivilDate(year: year, month: month, day: $0) != nil } ?? 31
    guard (1...days).contains(day) else {
      if day == 0 { return "\(date): the day must be 01–\(days)" }
      return "\(date): \(monthNames[month - 1]) \(output.1) has \(days) days"
    }
    let clock = "\(output.4):\(output.5)" + (output.6.map { ":\($0)" } ?? "")
    guard number(output.4) < 24 else { return "\(clock): the hour must be 00–23" }
    guard number(output.5) < 60 else { return "\(clock): the minute must be 00–59" }
    if let second = output.6, number(second) >= 60 { return "\(clock): the second must be 00–59" }
    if let sign = output.9, let hours = output.10, let minutes = output.11,
      number(hours) >= 24 || number(minutes) >= 60
    {
      return "\(sign)\(hours):\(minutes): the offset must be −23:59 to +23:59"
    }
    let hasOffset = output.8 != nil || output.9 != nil
    if !hasOffset {
      guard localAllowed else { return "no offset: an RFC 3339 instant ends in Z or ±HH:MM" }
      return nil
    }
    guard output.6 != nil else { return "seconds are needed before an offset (HH:MM:SS)" }
    let first = utcString(Date(timeIntervalSince1970: Double(acceptedSeconds.lowerBound)))
    let last = utcString(Date(timeIntervalSince1970: Double(acceptedSeconds.upperBound)))
    return "outside the instants Herald accepts, \(first) to \(last)"
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]
}
