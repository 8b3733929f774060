import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime

/// Instants on the command line and in listings, in the system's zone (read when asked, so a
/// command always uses the zone in force now).
enum SystemClockText {
  /// The system's zone now; a `TZ` that names none is an error naming `TZ`.
  static func zone() throws(FieldError) -> Zone { try SystemTimeZoneSource().current() }

  /// An option's date: RFC 3339 with offset, or local `YYYY-MM-DDTHH:MM` / `YYYY-MM-DD HH:MM`.
  /// A local time the zone skips or repeats is resolved by the contract's rule, and one line on
  /// stderr says which instant that is, so a surprise (or the error it leads to) is explained.
  static func instant(_ text: String, field: String) throws(FieldError) -> Date {
    let (instant, note) = try LocalInstant.resolve(text, zone: try zone(), field: field)
    if let note { StandardError.writeLine("note: \(note)") }
    return instant
  }

  /// `YYYY-MM-DD HH:MM` on the local wall clock.
  static func text(_ date: Date) throws(FieldError) -> String {
    LocalInstant.format(date, zone: try zone())
  }
}
