import Foundation
import HeraldCore

/// Instants as a person types and reads them: on a command line or in a form, in their own zone.
///
/// Reading accepts an RFC 3339 instant with offset (exact, whatever the zone), or a wall-clock
/// reading `YYYY-MM-DDTHH:MM` / `YYYY-MM-DD HH:MM` (seconds optional) resolved in the zone's
/// zone by Herald's rules: a reading skipped by a spring-forward change keeps the offset in force
/// before it, a repeated one takes the earlier instant.
public enum LocalInstant {
  /// What `parse` accepts, for error texts.
  public static let expected = "an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM"

  /// The instant `text` names; `nil` when it is neither form or names no valid day or time.
  public static func parse(_ text: String, zone: Zone) -> Date? {
    if let instant = RFC3339.parse(text) { return instant }
    guard let (day, secondOfDay) = wallClockReading(text) else { return nil }
    return Date(timeIntervalSince1970: zone.epochSeconds(on: day, secondOfDay: secondOfDay))
  }

  /// Reads `text` as `parse` does and says, in one line, which instant a local reading the zone
  /// skips (a spring-forward gap) or repeats (a fall-back overlap) was taken to mean; the note is
  /// nil for every other text. Given `now`, the forms of `RelativeInstant` are read too
  /// (`tomorrow 14:00`, `+2h`), a day alone as `dayAlone` on it. The error names `field` and what
  /// was expected.
  public static func resolve(
    _ text: String, zone: Zone, field: String, now: Date? = nil, dayAlone: WallClockTime? = nil
  ) throws(FieldError) -> (instant: Date, note: String?) {
    let reading: RelativeInstant.Reading
    if let instant = RFC3339.parse(text) {
      reading = .instant(instant)
    } else if let (day, secondOfDay) = wallClockReading(text) {
      reading = .wallClock(day, secondOfDay: secondOfDay)
    } else if let now, let relative = RelativeInstant.reading(text, now: now, zone: zone, dayAlone: dayAlone)
    {
      reading = relative
    } else {
      throw error(text, zone: zone, field: field, now: now)
    }
    guard case .wallClock(let day, let secondOfDay) = reading else {
      guard case .instant(let instant) = reading else { preconditionFailure("a reading is one of two") }
      return (try Validation.instant(instant, field: field), nil)
    }
    let instant = try Validation.instant(
      Date(timeIntervalSince1970: zone.epochSeconds(on: day, secondOfDay: secondOfDay)), field: field)
    let seconds = instant.timeIntervalSince1970
    // Every instant that reads this way: one per offset in force around it.
    let local = Double(day.daysSinceEpoch * 86_400 + secondOfDay)
    let readings = Set(
      [seconds - 86_400, seconds, seconds + 86_400].map {
        local - Double(zone.offset(atEpochSeconds: $0))
      }
      .filter { candidate in
        let reading = zone.wallClock(at: Date(timeIntervalSince1970: candidate))
        return reading.day == day && reading.secondOfDay == secondOfDay
      })
    let used = describe(instant, zone: zone)
    if readings.isEmpty {
      return (instant, "\(field): \(text) does not exist in \(zone) (the clocks skip it); using \(used)")
    }
    if readings.count > 1 {
      return (
        instant, "\(field): \(text) occurs twice in \(zone) (the clocks go back); using the earlier, \(used)"
      )
    }
    return (instant, nil)
  }

  /// Why `text` was not read: what is wrong with a date written out, a day that needs a time, or
  /// else the forms to try.
  private static func error(_ text: String, zone: Zone, field: String, now: Date?) -> FieldError {
    guard let now, RFC3339.problem(text, localAllowed: true) == nil else {
      return RFC3339.error(text, field: field, expected: expected, localAllowed: true)
    }
    let quoted = JSONWriter.string(.string(text))
    if RelativeInstant.reading(text, now: now, zone: zone, dayAlone: .midnight) != nil {
      return FieldError(field, "\(quoted) needs a time (\(text.lowercased()) 14:00)")
    }
    let example = RelativeInstant.example(now: now, zone: zone)
    return FieldError(field, "\(quoted) is not a date (try \(example), \"tomorrow 14:00\" or +2h)")
  }

  /// The local reading with its offset and the instant in UTC: `03:30+02:00 (01:30:00Z)`.
  private static func describe(_ instant: Date, zone: Zone) -> String {
    let offset = zone.offset(atEpochSeconds: instant.timeIntervalSince1970)
    return "\(RFC3339.string(instant, offsetSeconds: offset)) (\(RFC3339.utcString(instant)))"
  }

  /// The day and second of day of a local `YYYY-MM-DDTHH:MM[:SS]` (or with a space); nil otherwise.
  private static func wallClockReading(_ text: String) -> (CivilDate, Int)? {
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
    return (day, time.minuteOfDay * 60 + second)
  }

  /// Reads `text` as `parse` does; the error names `field`, the value, and what is wrong with it
  /// (`2026-02-30: February 2026 has 28 days`, `24:00: the hour must be 00–23`) or else what was
  /// expected.
  public static func parse(_ text: String, zone: Zone, field: String) throws(FieldError)
    -> Date
  {
    guard let instant = parse(text, zone: zone) else {
      throw RFC3339.error(text, field: field, expected: expected, localAllowed: true)
    }
    return try Validation.instant(instant, field: field)
  }

  /// `YYYY-MM-DD HH:MM` on the wall clock of the zone (seconds dropped).
  public static func format(_ date: Date, zone: Zone) -> String {
    let reading = zone.wallClock(at: date)
    let time = WallClockTime(minuteOfDay: reading.secondOfDay / 60) ?? .midnight
    return "\(reading.day) \(time)"
  }
}
