import Foundation
import HeraldCore

/// Strict RFC 3339 instants: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
///
/// **The one rounding rule.** Herald counts time in whole milliseconds: a fraction of a second is
/// read to its first three digits and the rest is cut off (toward the past), so
/// `…:59.999999999Z` is `…:59.999Z`, never the next second. Output with milliseconds prints them
/// exactly; output in whole seconds cuts the milliseconds off. `milliseconds(_:)` is that rule.
/// Instants are accepted between 0001-01-02 and 9999-12-30 (UTC), so that every zone's offset
/// still writes them with a four-digit year.
///
/// Written by hand rather than with `ISO8601DateFormatter` so that parsing is strict (an offset is
/// required), allocation-free, identical on every platform, and formatting is byte-for-byte stable.
public enum RFC3339 {
  /// Parses an instant with offset; `nil` for anything else.
  public static func parse(_ text: String) -> Date? {
    // A native string's bytes are read in place; others are copied once.
    if let date = text.utf8.withContiguousStorageIfAvailable(parse(bytes:)) { return date }
    return Array(text.utf8).withUnsafeBufferPointer(parse(bytes:))
  }

  private static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
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
    var millis = 0
    if index < b.count, b[index] == 46 {
      index += 1
      let start = index
      while index < b.count, b[index] >= 48, b[index] <= 57 {
        // The first three digits are the milliseconds; finer ones are cut off (the one rule).
        if index - start < 3 { millis += Int(b[index] - 48) * [100, 10, 1][index - start] }
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
    guard acceptedSeconds.contains(seconds) else { return nil }
    // One division of two exact integers: the Double nearest the millisecond, which
    // `milliseconds(_:)` reads back exactly.
    return Date(timeIntervalSince1970: Double(seconds * 1000 + millis) / 1000)
  }

  /// The instants `parse` accepts: the one rule of the core (`Validation.acceptedSeconds`).
  public static var acceptedSeconds: ClosedRange<Int> { Validation.acceptedSeconds }

  /// The one rounding rule: the instant in whole milliseconds since 1970, anything finer cut off
  /// toward the past. A Double cannot hold most milliseconds exactly; one within its own
  /// precision of a whole millisecond counts as that millisecond, so what `parse` read comes back.
  public static func milliseconds(_ date: Date) -> Int {
    let scaled = date.timeIntervalSince1970 * 1000
    let nearest = scaled.rounded()
    let tolerance = max(0.001, scaled.ulp * 4)
    return Int(abs(scaled - nearest) <= tolerance ? nearest : scaled.rounded(.down))
  }

  /// Whole seconds since 1970, milliseconds cut off toward the past.
  static func wholeSeconds(_ date: Date) -> Int {
    floorDivide(milliseconds(date), 1000)
  }

  private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, whole seconds (rounded down).
  public static func utcString(_ date: Date) -> String {
    let (day, second) = split(wholeSeconds(date))
    return "\(day)T\(clock(second))Z"
  }

  /// `YYYY-MM-DDTHH:MM:SS.sssZ` in UTC, with milliseconds (finer fractions cut off).
  public static func utcStringWithMilliseconds(_ date: Date) -> String {
    let millis = milliseconds(date)
    let whole = floorDivide(millis, 1000)
    let (day, second) = split(whole)
    return "\(day)T\(clock(second)).\(CivilDate.pad(millis - whole * 1000, 3))Z"
  }

  /// `YYYY-MM-DDTHH:MM:SS±HH:MM` at a UTC offset (`Z` when zero); milliseconds appear only when
  /// the instant has them, so `parse` reads back the same instant.
  ///
  /// RFC 3339 offsets have no seconds, but a zone's local mean time before it adopted standard
  /// time often does (Europe/Berlin: +00:53:28). The offset is written in whole minutes (cut
  /// toward zero) and the local time is computed with the offset as written, so the text names
  /// exactly the instant and an export read back is the same instant, every time.
  public static func string(_ date: Date, offsetSeconds: Int) -> String {
    let millis = milliseconds(date)
    let whole = floorDivide(millis, 1000)
    let writtenOffset = offsetSeconds / 60 * 60
    let (day, second) = split(whole + writtenOffset)
    let fraction = millis - whole * 1000
    let text = "\(day)T\(clock(second))" + (fraction == 0 ? "" : ".\(CivilDate.pad(fraction, 3))")
    guard writtenOffset != 0 else { return text + "Z" }
    let sign = writtenOffset < 0 ? "-" : "+"
    let magnitude = abs(writtenOffset) / 60
    return text + "\(sign)\(CivilDate.pad(magnitude / 60, 2)):\(CivilDate.pad(magnitude % 60, 2))"
  }

  private static func split(_ seconds: Int) -> (CivilDate, Int) {
    let days = floorDivide(seconds, 86_400)
    return (CivilDate(daysSinceEpoch: days), seconds - days * 86_400)
  }

  private static func clock(_ secondOfDay: Int) -> String {
    let h = CivilDate.pad(secondOfDay / 3600, 2)
    let m = CivilDate.pad(secondOfDay / 60 % 60, 2)
    return "\(h):\(m):\(CivilDate.pad(secondOfDay % 60, 2))"
  }
}
