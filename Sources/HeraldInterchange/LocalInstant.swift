import Foundation
import HeraldCore

/// Instants as a person types and reads them: on a command line or in a form, in their own zone.
///
/// Reading accepts an RFC 3339 instant with offset (exact, whatever the zone), or a wall-clock
/// reading `YYYY-MM-DDTHH:MM` / `YYYY-MM-DD HH:MM` (seconds optional) resolved in the resolver's
/// zone by Herald's rules: a reading skipped by a spring-forward change keeps the offset in force
/// before it, a repeated one takes the earlier instant.
public enum LocalInstant {
  /// What `parse` accepts, for error texts.
  public static let expected = "an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM"

  /// The instant `text` names; `nil` when it is neither form or names no valid day or time.
  public static func parse(_ text: String, resolver: WallClockResolver) -> Date? {
    if let instant = RFC3339.parse(text) { return instant }
    let b = Array(text.utf8)
    guard b.count == 16 || (b.count == 19 && b[16] == UInt8(ascii: ":")) else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in b[from..<from + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let dash = UInt8(ascii: "-")
    guard let year = number(0, 4), b[4] == dash, let month = number(5, 2), b[7] == dash,
      let dayNumber = number(8, 2), b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
      let hour = number(11, 2), b[13] == UInt8(ascii: ":"), let minute = number(14, 2),
      let day = CivilDate(year: year, month: month, day: dayNumber),
      let time = WallClockTime(hour: hour, minute: minute)
    else { return nil }
    var second = 0
    if b.count == 19 {
      guard let value = number(17, 2), value < 60 else { return nil }
      second = value
    }
    let seconds = resolver.epochSeconds(on: day, secondOfDay: time.minuteOfDay * 60 + second)
    return Date(timeIntervalSince1970: seconds)
  }

  /// Reads `text` as `parse` does; the error names `field` and what was expected.
  public static func parse(_ text: String, resolver: WallClockResolver, field: String) throws(FieldError)
    -> Date
  {
    guard let instant = parse(text, resolver: resolver) else {
      throw FieldError(field, "expected \(expected), got \(JSONWriter.string(.string(text)))")
    }
    return instant
  }

  /// `YYYY-MM-DD HH:MM` on the wall clock of the resolver's zone (seconds dropped).
  public static func format(_ date: Date, resolver: WallClockResolver) -> String {
    let reading = resolver.wallClock(at: date)
    let time = WallClockTime(minuteOfDay: reading.secondOfDay / 60) ?? .midnight
    return "\(reading.day) \(time)"
  }
}
