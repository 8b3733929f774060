import Foundation

/// An RFC 5545 `RRULE` (§3.3.10) with the parts Herald supports (`contracts/calendar.md`).
///
/// The value is already checked: every list holds values in its RFC range, and rules Herald refuses
/// (`HOURLY`, `MINUTELY`, `SECONDLY`, `BYSECOND`) cannot be built.
public struct RecurrenceRule: Hashable, Sendable {
  /// How often the rule's periods repeat.
  public enum Frequency: String, Sendable, Hashable, CaseIterable {
    case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
  }

  /// Where a rule stops: a wall-clock reading (for floating and date series) or an instant.
  public enum Until: Hashable, Sendable {
    case local(LocalDateTime)
    case instant(Date)
  }

  /// A `BYDAY` entry: a weekday, optionally the `ordinal`-th of the month or year (`2MO`, `-1FR`).
  public struct WeekdayNumber: Hashable, Sendable {
    public var ordinal: Int?
    public var weekday: Weekday

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  public var frequency: Frequency
  public var interval: Int
  public var count: Int?
  public var until: Until?
  public var byMonth: [Int]
  public var byWeekNo: [Int]
  public var byYearDay: [Int]
  public var byMonthDay: [Int]
  public var byDay: [WeekdayNumber]
  public var byHour: [Int]
  public var byMinute: [Int]
  public var bySetPos: [Int]
  public var weekStart: Weekday

  public init(
    frequency: Frequency, interval: Int = 1, count: Int? = nil, until: Until? = nil, byMonth: [Int] = [],
    byWeekNo: [Int] = [], byYearDay: [Int] = [], byMonthDay: [Int] = [], byDay: [WeekdayNumber] = [],
    byHour: [Int] = [], byMinute: [Int] = [], bySetPos: [Int] = [], weekStart: Weekday = .monday
  ) {
    self.frequency = frequency
    self.interval = interval
    self.count = count
    self.until = until
    self.byMonth = byMonth
    self.byWeekNo = byWeekNo
    self.byYearDay = byYearDay
    self.byMonthDay = byMonthDay
    self.byDay = byDay
    self.byHour = byHour
    self.byMinute = byMinute
    self.bySetPos = bySetPos
    self.weekStart = weekStart
  }
}

extension Weekday {
  /// 0 for Monday … 6 for Sunday.
  public var index: Int {
    switch self {
    case .monday: 0
    case .tuesday: 1
    case .wednesday: 2
    case .thursday: 3
    case .friday: 4
    case .saturday: 5
    case .sunday: 6
    }
  }

  /// The iCalendar two-letter name (`MO` … `SU`).
  public var iCalendarName: String {
    ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][index]
  }

  /// The weekday of an iCalendar two-letter name; `nil` for anything else.
  public init?(iCalendarName name: String) {
    guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: name) else { return nil }
    self = Weekday.allCases[index]
  }
}
