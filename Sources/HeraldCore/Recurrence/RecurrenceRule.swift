import Foundation

/// An RFC 5545 `RRULE` (§3.3.10) with the parts Herald supports (`contracts/calendar.md`).
///
/// Rules Herald refuses (`HOURLY`, `MINUTELY`, `SECONDLY`, `BYSECOND`) cannot be built. The iCalendar
/// reader checks every value's RFC range; a value out of range in a rule built in code matches no day.
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
    /// `2` in `2MO`, `-1` in `-1FR`; `nil` for every such weekday.
    public var ordinal: Int?
    /// The weekday.
    public var weekday: Weekday

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  /// `FREQ`.
  public var frequency: Frequency
  /// `INTERVAL`, at least 1: every how many periods.
  public var interval: Int
  /// `COUNT`: how many instances, `DTSTART` the first.
  public var count: Int?
  /// `UNTIL`: the last reading or instant an instance may have.
  public var until: Until?
  /// `BYMONTH`, 1–12.
  public var byMonth: [Int]
  /// `BYWEEKNO`, ±1–53 (weeks start on `weekStart`; week 1 has four days of its year).
  public var byWeekNo: [Int]
  /// `BYYEARDAY`, ±1–366.
  public var byYearDay: [Int]
  /// `BYMONTHDAY`, ±1–31 (negative: from the month's end).
  public var byMonthDay: [Int]
  /// `BYDAY`, with ordinals in monthly and yearly rules.
  public var byDay: [WeekdayNumber]
  /// `BYHOUR`, 0–23.
  public var byHour: [Int]
  /// `BYMINUTE`, 0–59.
  public var byMinute: [Int]
  /// `BYSETPOS`, ±1–366: which of each period's readings count.
  public var bySetPos: [Int]
  /// `WKST`.
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
