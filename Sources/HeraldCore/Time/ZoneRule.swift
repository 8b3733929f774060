/// The rule a zone follows after its table of transitions ends: a standard offset and, for zones
/// with summer time, when each year it starts and ends (a POSIX TZ string, RFC 8536 §3.3, such as
/// `CET-1CEST,M3.5.0,M10.5.0/3`). Offsets here are seconds east of UTC, as everywhere in Herald
/// (POSIX writes them west of UTC; the reader turns them round).
public struct ZoneRule: Sendable, Hashable {
  public var standardOffset: Int
  public var daylight: Daylight?

  /// Summer time: its offset and the two moments of each year that bound it.
  public struct Daylight: Sendable, Hashable {
    public var offset: Int
    /// Read on the standard clock.
    public var start: Moment
    /// Read on the summer-time clock.
    public var end: Moment

    public init(offset: Int, start: Moment, end: Moment) {
      self.offset = offset
      self.start = start
      self.end = end
    }
  }

  /// A day of the year and a time on it, which may run past the day's end or before its start
  /// (RFC 8536 allows −167 … 167 hours).
  public struct Moment: Sendable, Hashable {
    public var day: Day
    public var secondOfDay: Int

    public init(day: Day, secondOfDay: Int = 7200) {
      self.day = day
      self.secondOfDay = secondOfDay
    }
  }

  /// How a POSIX TZ string names a day of the year.
  public enum Day: Sendable, Hashable {
    /// `Jn`: 1 … 365, February 29 never counted.
    case julian(Int)
    /// `n`: 0 … 365, February 29 counted in leap years.
    case ordinal(Int)
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
    case weekday(month: Int, week: Int, weekday: Int)
  }

  public init(standardOffset: Int, daylight: Daylight? = nil) {
    self.standardOffset = standardOffset
    self.daylight = daylight
  }

  /// The offset in force at an instant (seconds since 1970): summer time between the year's start
  /// and end as seen from that instant's UTC year, as Python's `zoneinfo` and glibc do.
  public func offset(at instant: Int64) -> Int {
    guard let daylight else { return standardOffset }
    let year = CivilDate(daysSinceEpoch: Int(instant.floorDivided(by: 86_400))).year
    let start = daylight.start.localSeconds(in: year) - Int64(standardOffset)
    let end = daylight.end.localSeconds(in: year) - Int64(daylight.offset)
    let inSummer = start < end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
    return inSummer ? daylight.offset : standardOffset
  }

  /// The instants of `year` (as the rule counts years) at which the offset changes, ascending, with
  /// the offset from each on.
  func changes(in year: Int) -> [(instant: Int64, offset: Int)] {
    guard let daylight else { return [] }
    let start = daylight.start.localSeconds(in: year) - Int64(standardOffset)
    let end = daylight.end.localSeconds(in: year) - Int64(daylight.offset)
    return [(start, daylight.offset), (end, standardOffset)].sorted { $0.instant < $1.instant }
  }
}

extension ZoneRule.Moment {
  /// Seconds since 1970-01-01T00:00 on a zone-less clock at which this moment falls in `year`.
  func localSeconds(in year: Int) -> Int64 {
    Int64(day.daysSinceEpoch(in: year)) * 86_400 + Int64(secondOfDay)
  }
}

extension ZoneRule.Day {
  /// The day this names in `year`, counted from 1970-01-01.
  func daysSinceEpoch(in year: Int) -> Int {
    let first = Self.january1(year)
    switch self {
    case .julian(let n):
      // Day 60 is March 1 whether or not the year has a February 29.
      return first + n - 1 + (n >= 60 && CivilDate.isLeap(year) ? 1 : 0)
    case .ordinal(let n):
      return first + n
    case .weekday(let month, let week, let weekday):
      let monthStart = CivilDate(year: year, month: month, day: 1)?.daysSinceEpoch ?? first
      let firstWeekday = (monthStart + 4).positiveRemainder(7)  // 1970-01-01 was a Thursday (4)
      var day = 1 + (weekday - firstWeekday).positiveRemainder(7) + (week - 1) * 7
      if day > CivilDate.daysIn(month: month, year: year) { day -= 7 }
      return monthStart + day - 1
    }
  }

  private static func january1(_ year: Int) -> Int {
    CivilDate(year: year, month: 1, day: 1)?.daysSinceEpoch ?? 0
  }
}

extension Int {
  func positiveRemainder(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}

extension Int64 {
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
