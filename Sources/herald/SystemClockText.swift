import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime

/// Instants on the command line and in listings, in the system's zone (read when asked, so a
/// command always uses the zone in force now).
enum SystemClockText {
  static var resolver: WallClockResolver { WallClockResolver(timeZone: SystemTimeZoneSource().current()) }

  /// An option's date: RFC 3339 with offset, or local `YYYY-MM-DDTHH:MM` / `YYYY-MM-DD HH:MM`.
  /// A local time the zone skips or repeats is resolved by the contract's rule, and one line on
  /// stderr says which instant that is, so a surprise (or the error it leads to) is explained.
  static func instant(_ text: String, field: String) throws(FieldError) -> Date {
    let (instant, note) = try LocalInstant.resolve(text, resolver: resolver, field: field)
    if let note { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
    return instant
  }

  /// `YYYY-MM-DD HH:MM` on the local wall clock.
  static func text(_ date: Date) -> String {
    LocalInstant.format(date, resolver: resolver)
  }
}
