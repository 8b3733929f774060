/// A reading of a wall clock — a day and a second of that day — without a time zone.
///
/// Recurrence rules are evaluated on such readings (RFC 5545 §3.3.10) and resolved to instants only
/// at the end, so that "09:00 every Monday" stays 09:00 across a change to summer time.
public struct LocalDateTime: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The day on the wall calendar.
  public let date: CivilDate
  /// Seconds since midnight, 0 ..< 86 400.
  public let secondOfDay: Int

  /// A reading; `nil` unless `secondOfDay` lies inside one day.
  public init?(date: CivilDate, secondOfDay: Int) {
    guard (0..<86_400).contains(secondOfDay) else { return nil }
    self.date = date
    self.secondOfDay = secondOfDay
  }

  /// A reading from its parts; `nil` for a day or time that does not exist.
  public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    guard let date = CivilDate(year: year, month: month, day: day), (0...23).contains(hour),
      (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    self.date = date
    self.secondOfDay = hour * 3600 + minute * 60 + second
  }

  /// The reading `seconds` after 1970-01-01T00:00:00 on the same (zone-less) clock.
  public init(localSeconds seconds: Int) {
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    date = CivilDate(daysSinceEpoch: days)
    secondOfDay = seconds - days * 86_400
  }

  /// Seconds since 1970-01-01T00:00:00 on this zone-less clock: differences are wall-clock time.
  public var localSeconds: Int { date.daysSinceEpoch * 86_400 + secondOfDay }

  /// 0–23.
  public var hour: Int { secondOfDay / 3600 }
  /// 0–59.
  public var minute: Int { secondOfDay / 60 % 60 }
  /// 0–59.
  public var second: Int { secondOfDay % 60 }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.localSeconds < rhs.localSeconds
  }

  /// `YYYY-MM-DDTHH:MM:SS`.
  public var description: String {
    "\(date)T\(CivilDate.pad(hour, 2)):\(CivilDate.pad(minute, 2)):\(CivilDate.pad(second, 2))"
  }
}
