import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime

/// Instants on the command line and in listings, in the system's zone (read when asked, so a
/// command always uses the zone in force now).
enum SystemClockText {
  /// The system's zone now; a `TZ` that names none is an error naming `TZ`.
  static func zone() throws(FieldError) -> Zone { try SystemTimeZoneSource().current() }

  /// The instant a command takes as now: the machine's clock, or `$HERALD_NOW` (RFC 3339) when
  /// set. Not for users: the docs test runs the manuals' commands on one fixed instant, so that
  /// what they print (ids, times, the plan) can be compared with what the manuals show.
  static func now() throws(FieldError) -> Date {
    guard let fixed = ProcessInfo.processInfo.environment["HERALD_NOW"], !fixed.isEmpty else { return Date() }
    return try RFC3339.parse(fixed, field: "HERALD_NOW")
  }

  /// An option's date: RFC 3339 with offset, local `YYYY-MM-DDTHH:MM` / `YYYY-MM-DD HH:MM`, or
  /// relative to now (`tomorrow 14:00`, `monday 09:00`, `+2h`: `RelativeInstant`); a day alone is
  /// `dayAlone` on it, where the option allows one. A local time the zone skips or repeats is
  /// resolved by the contract's rule, and one line on stderr says which instant that is, so a
  /// surprise (or the error it leads to) is explained.
  static func instant(_ text: String, field: String, dayAlone: WallClockTime? = nil) throws(FieldError)
    -> Date
  {
    let (instant, note) = try LocalInstant.resolve(
      text, zone: try zone(), field: field, now: try now(), dayAlone: dayAlone)
    if let note { StandardError.writeLine("note: \(note)") }
    return instant
  }

  /// A due date given as a day alone (`--due tomorrow`) is due at the day's end, as a calendar
  /// to-do's due date is: the morning reminder still says "Heute fällig" on the day itself.
  static let endOfDay = WallClockTime(hour: 23, minute: 59) ?? .midnight

  /// Says, in one line on stderr, that `date` (given as `field`) is already past: it is stored,
  /// but no reminder will come of it, which a user typing last week's date would not expect.
  static func notePast(_ date: Date, field: String, what: String) throws(FieldError) {
    guard date < (try now()) else { return }
    StandardError.writeLine("note: \(field) \(try text(date)) is in the past; \(what)")
  }

  /// `YYYY-MM-DD HH:MM` on the local wall clock.
  static func text(_ date: Date) throws(FieldError) -> String {
    LocalInstant.format(date, zone: try zone())
  }
}
