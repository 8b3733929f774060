import Foundation
import HeraldCore

/// Shared test fixtures: zones, calendars and instants written the way the specs write them.
public enum Fixtures {
  /// A Gregorian calendar in the named zone (the core never reads the process's zone).
  public static func calendar(_ identifier: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone(identifier)
    return calendar
  }

  /// A time zone that must exist; traps otherwise (a typo in a test is a bug in the test).
  public static func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { preconditionFailure("unknown zone \(identifier)") }
    return zone
  }

  /// An RFC 3339 instant; traps on a malformed literal.
  public static func instant(_ text: String) -> Date {
    guard let date = RFC3339.parse(text) else { preconditionFailure("bad RFC 3339 literal \(text)") }
    return date
  }

  public static let berlin = calendar("Europe/Berlin")
  public static let newYork = calendar("America/New_York")
  /// A half-hour zone (UTC+05:30, no DST).
  public static let kolkata = calendar("Asia/Kolkata")
  /// A zone with a 30-minute DST shift (UTC+10:30 / +11:00).
  public static let lordHowe = calendar("Australia/Lord_Howe")
}
