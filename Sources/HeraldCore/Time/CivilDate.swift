/// A day of the proleptic Gregorian calendar, without a time zone: what a wall calendar shows.
///
/// Herald does its wall-clock arithmetic on days counted from 1970-01-01 instead of asking
/// `Calendar` for every candidate: the rules need only the Gregorian civil calendar, and the
/// arithmetic is exact, allocation-free and thousands of times faster than `Calendar.date(from:)`.
public struct CivilDate: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Creates a day; `nil` when month or day are out of range for that year.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else {
      return nil
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `days` after 1970-01-01 (negative before it).
  public init(daysSinceEpoch days: Int) {
    // Howard Hinnant's civil_from_days, exact for every day of the proleptic Gregorian calendar.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (m <= 2 ? 1 : 0)
    month = m
    day = d
  }

  /// Days from 1970-01-01 to this day.
  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The weekday of this day.
  public var weekday: Weekday { Weekday(daysSinceEpoch: daysSinceEpoch) }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + count) }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

  /// The day written `YYYY-MM-DD`; nil for anything else or a day that does not exist.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  /// `value` in decimal with leading zeros to `width` digits: the one zero-padding rule of every
  /// date and time Herald writes.
  public static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
