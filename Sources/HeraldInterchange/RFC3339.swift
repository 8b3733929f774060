import Foundation
import HeraldCore

/// Strict RFC 3339 instants: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
///
/// Written by hand rather than with `ISO8601DateFormatter` so that parsing is strict (an offset is
/// required), allocation-free, identical on every platform, and formatting is byte-for-byte stable.
public enum RFC3339 {
  /// Parses an instant with offset; `nil` for anything else.
  public static func parse(_ text: String) -> Date? {
    let b = Array(text.utf8)
    guard b.count >= 20 else { return nil }
    func digits(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= b.count else { return nil }
      var value = 0
      for i in from..<from + count {
        let c = b[i]
        guard c >= 48, c <= 57 else { return nil }
        value = value * 10 + Int(c - 48)
      }
      return value
    }
    guard let year = digits(0, 4), b[4] == 45, let month = digits(5, 2), b[7] == 45,
      let dayNumber = digits(8, 2), b[10] == 84 || b[10] == 116 || b[10] == 32,
      let hour = digits(11, 2), b[13] == 58, let minute = digits(14, 2), b[16] == 58,
      let second = digits(17, 2),
      let day = CivilDate(year: year, month: month, day: dayNumber),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < b.count, b[index] == 46 {
      index += 1
      var scale = 0.1
      let start = index
      while index < b.count, b[index] >= 48, b[index] <= 57 {
        fraction += Double(b[index] - 48) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    guard index < b.count else { return nil }
    var offset = 0
    switch b[index] {
    case 90, 122:  // Z z
      index += 1
    case 43, 45:  // + -
      guard let oh = digits(index + 1, 2), index + 3 < b.count, b[index + 3] == 58,
        let om = digits(index + 4, 2), oh < 24, om < 60
      else { return nil }
      offset = (oh * 3600 + om * 60) * (b[index] == 45 ? -1 : 1)
      index += 6
    default:
      return nil
    }
    guard index == b.count else { return nil }
    let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, whole seconds (rounded down).
  public static func utcString(_ date: Date) -> String {
    let (day, second) = split(date.timeIntervalSince1970.rounded(.down))
    return "\(day)T\(clock(second))Z"
  }

  /// `YYYY-MM-DDTHH:MM:SS.sssZ` in UTC, with milliseconds (rounded down).
  public static func utcStringWithMilliseconds(_ date: Date) -> String {
    // Round to whole microseconds before rounding down: a date made from 1.732 s is stored as
    // 1.73199999…, which would otherwise print a millisecond early (and not read back the same).
    let micros = Int((date.timeIntervalSince1970 * 1_000_000).rounded())
    let millis = micros >= 0 ? micros / 1000 : (micros - 999) / 1000
    let whole = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
    let (day, second) = split(Double(whole))
    return "\(day)T\(clock(second)).\(CivilDate.pad(millis - whole * 1000, 3))Z"
  }

  /// `YYYY-MM-DDTHH:MM:SS±HH:MM` at a UTC offset (`Z` when zero); milliseconds appear only when
  /// the instant has them, so `parse` reads back the same instant.
  public static func string(_ date: Date, offsetSeconds: Int) -> String {
    let millis = Int((date.timeIntervalSince1970 * 1000).rounded())
    let local = Int((Double(millis) / 1000).rounded(.down)) + offsetSeconds
    let (day, second) = split(Double(local))
    let fraction = ((millis % 1000) + 1000) % 1000
    let text = "\(day)T\(clock(second))" + (fraction == 0 ? "" : ".\(CivilDate.pad(fraction, 3))")
    guard offsetSeconds != 0 else { return text + "Z" }
    let sign = offsetSeconds < 0 ? "-" : "+"
    let magnitude = abs(offsetSeconds) / 60
    return text + "\(sign)\(CivilDate.pad(magnitude / 60, 2)):\(CivilDate.pad(magnitude % 60, 2))"
  }

  private static func split(_ epochSeconds: Double) -> (CivilDate, Int) {
    let seconds = Int(epochSeconds)
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    return (CivilDate(daysSinceEpoch: days), seconds - days * 86_400)
  }

  private static func clock(_ secondOfDay: Int) -> String {
    let h = CivilDate.pad(secondOfDay / 3600, 2)
    let m = CivilDate.pad(secondOfDay / 60 % 60, 2)
    return "\(h):\(m):\(CivilDate.pad(secondOfDay % 60, 2))"
  }
}
