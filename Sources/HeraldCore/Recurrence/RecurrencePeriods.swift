/// A rule's periods (a day, a week, a month or a year, every `INTERVAL`-th one from `DTSTART`'s)
/// and the wall-clock readings each yields: RFC 5545 §3.3.10's BYxxx table, evaluated as a filter
/// over the period's days, which expands for the parts finer than `FREQ` and limits for the rest.
///
/// All of it is arithmetic on `CivilDate` day numbers: no `Date` or `Calendar` is made, so
/// counting a `COUNT` rule's instances from an old `DTSTART` stays cheap.
struct RecurrencePeriods {
  let rule: RecurrenceRule
  let start: LocalDateTime
  /// `INTERVAL`, never below 1 (a rule built in code may say 0).
  private let interval: Int
  private let byMonth: [Int]
  private let byMonthDay: [Int]
  private let byDay: [RecurrenceRule.WeekdayNumber]
  private let times: [Int]
  /// Whether `BYDAY` ordinals count within the month (else within the year), and whether they count at all.
  private let ordinalsInMonth: Bool
  private let ordinalsApply: Bool
  private let firstWeekStart: Int
  /// A stretch of periods that always yields the same number of readings, when there is one
  /// (daily and weekly rules that filter by nothing tied to months or years: a daily rule's
  /// weekdays repeat every 7 periods, or every period when `INTERVAL` is a multiple of 7). Whole
  /// stretches are then counted by one multiplication.
  let cycle: (periods: Int, readings: Int)?

  init(rule: RecurrenceRule, start: LocalDateTime) {
    self.rule = rule
    self.start = start
    interval = max(1, rule.interval)
    var byMonth = rule.byMonth
    var byMonthDay = rule.byMonthDay
    var byDay = rule.byDay
    // Parts left out take DTSTART's (RFC 5545 §3.3.10: "information not contained in the rule").
    if rule.byWeekNo.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
      switch rule.frequency {
      case .yearly:
        if byMonth.isEmpty { byMonth = [start.date.month] }
        byMonthDay = [start.date.day]
      case .monthly: byMonthDay = [start.date.day]
      case .weekly: byDay = [.init(start.date.weekday)]
      case .daily: break
      }
    }
    self.byMonth = byMonth
    self.byMonthDay = byMonthDay
    self.byDay = byDay
    let hours = rule.byHour.isEmpty ? [start.hour] : rule.byHour
    let minutes = rule.byMinute.isEmpty ? [start.minute] : rule.byMinute
    times = Set(hours.flatMap { h in minutes.map { m in h * 3600 + m * 60 + start.second } })
      .filter { (0..<86_400).contains($0) }.sorted()
    ordinalsApply =
      rule.frequency == .monthly || (rule.frequency == .yearly && rule.byWeekNo.isEmpty)
    ordinalsInMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
    let startDay = start.date.daysSinceEpoch
    let calendarFree =
      byMonth.isEmpty && rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && byMonthDay.isEmpty
    // BYSETPOS picks from one period's readings: how many of `count` it keeps.
    func kept(_ count: Int) -> Int {
      guard !rule.bySetPos.isEmpty else { return count }
      return Set(rule.bySetPos.map { $0 > 0 ? $0 - 1 : count + $0 }.filter { (0..<count).contains($0) }).count
    }
    switch rule.frequency {
    case .daily where calendarFree && byDay.isEmpty: cycle = (1, kept(times.count))
    case .daily where calendarFree && interval % 7 == 0:
      cycle = (1, byDay.contains { $0.weekday == start.date.weekday } ? kept(times.count) : 0)
    case .daily where calendarFree: cycle = (7, Set(byDay.map(\.weekday)).count * kept(times.count))
    case .weekly where calendarFree: cycle = (1, kept(Set(byDay.map(\.weekday)).count * times.count))
    default: cycle = nil
    }
    firstWeekStart = startDay - (start.date.weekday.index - rule.weekStart.index + 7) % 7
  }

  /// The first and last day (days since 1970) of period `k`.
  func days(ofPeriod k: Int) -> ClosedRange<Int> {
    let step = k * interval
    switch rule.frequency {
    case .daily:
      let day = start.date.daysSinceEpoch + step
      return day...day
    case .weekly:
      let first = firstWeekStart + 7 * step
      return first...first + 6
    case .monthly:
      let index = start.date.year * 12 + start.date.month - 1 + step
      let year = Self.floorDiv(index, 12)
      let month = index - year * 12 + 1
      let first = Self.day(year, month, 1)
      return first...first + CivilDate.daysIn(month: month, year: year) - 1
    case .yearly:
      let year = start.date.year + step
      return Self.day(year, 1, 1)...Self.day(year + 1, 1, 1) - 1
    }
  }

  /// The days of period `k` worth looking at: a yearly rule limited to some months (every
  /// observance of a `VTIMEZONE`) looks at those months only.
  private func dayRanges(ofPeriod k: Int) -> [ClosedRange<Int>] {
    guard rule.frequency == .yearly, !byMonth.isEmpty, rule.byWeekNo.isEmpty, rule.byYearDay.isEmpty else {
      return [days(ofPeriod: k)]
    }
    let year = start.date.year + k * interval
    return Set(byMonth).sorted().map { month in
      let first = Self.day(year, month, 1)
      return first...first + CivilDate.daysIn(month: month, year: year) - 1
    }
  }

  /// The first period whose days reach `day` or later (0 if `DTSTART`'s already does).
  func firstPeriod(reaching day: Int) -> Int {
    let k: Int
    switch rule.frequency {
    case .daily: k = Self.floorDiv(day - start.date.daysSinceEpoch, interval)
    case .weekly: k = Self.floorDiv(day - firstWeekStart, 7 * interval)
    case .monthly:
      let date = CivilDate(daysSinceEpoch: day)
      let months = (date.year - start.date.year) * 12 + date.month - start.date.month
      k = Self.floorDiv(months, interval)
    case .yearly: k = Self.floorDiv(CivilDate(daysSinceEpoch: day).year - start.date.year, interval)
    }
    return max(0, k)
  }

  /// The readings of period `k`, ascending, after `BYSETPOS`, written into `readings`.
  func readings(ofPeriod k: Int, into readings: inout [LocalDateTime]) {
    readings.removeAll(keepingCapacity: true)
    for range in dayRanges(ofPeriod: k) {
      for day in range {
        let date = CivilDate(daysSinceEpoch: day)
        guard matches(date, day: day) else { continue }
        for time in times {
          readings.append(LocalDateTime(localSeconds: day * 86_400 + time))
        }
      }
    }
    guard !rule.bySetPos.isEmpty, !readings.isEmpty else { return }
    let all = readings
    var chosen = Set<Int>()
    for position in rule.bySetPos {
      let index = position > 0 ? position - 1 : all.count + position
      if all.indices.contains(index) { chosen.insert(index) }
    }
    readings = chosen.sorted().map { all[$0] }
  }

  private func matches(_ date: CivilDate, day: Int) -> Bool {
    if !byMonth.isEmpty, !byMonth.contains(date.month) { return false }
    if !rule.byWeekNo.isEmpty, !weekNumberMatches(day) { return false }
    if !rule.byYearDay.isEmpty {
      let dayOfYear = day - Self.day(date.year, 1, 1) + 1
      let length = CivilDate.isLeap(date.year) ? 366 : 365
      guard rule.byYearDay.contains(dayOfYear) || rule.byYearDay.contains(dayOfYear - length - 1) else {
        return false
      }
    }
    if !byMonthDay.isEmpty {
      let length = CivilDate.daysIn(month: date.month, year: date.year)
      guard byMonthDay.contains(date.day) || byMonthDay.contains(date.day - length - 1) else { return false }
    }
    if !byDay.isEmpty {
      let weekday = date.weekday
      return byDay.contains { entry in
        guard entry.weekday == weekday else { return false }
        guard let ordinal = entry.ordinal, ordinalsApply else { return true }
        return ordinalMatches(ordinal, date, day: day)
      }
    }
    return true
  }

  /// Whether `date` is the `ordinal`-th of its weekday in its month (or year).
  private func ordinalMatches(_ ordinal: Int, _ date: CivilDate, day: Int) -> Bool {
    let position: Int
    let length: Int
    if ordinalsInMonth {
      position = date.day
      length = CivilDate.daysIn(month: date.month, year: date.year)
    } else {
      position = day - Self.day(date.year, 1, 1) + 1
      length = CivilDate.isLeap(date.year) ? 366 : 365
    }
    return ordinal > 0 ? (position - 1) / 7 + 1 == ordinal : (length - position) / 7 + 1 == -ordinal
  }

  /// `BYWEEKNO` (ISO 8601 weeks starting on `WKST`; week 1 holds at least four days of its year).
  private func weekNumberMatches(_ day: Int) -> Bool {
    let year = CivilDate(daysSinceEpoch: day).year
    var weekYear = year
    var first = weekOneStart(year)
    if day < first {
      weekYear -= 1
      first = weekOneStart(weekYear)
    } else if day >= weekOneStart(year + 1) {
      weekYear += 1
      first = weekOneStart(weekYear)
    }
    let week = (day - first) / 7 + 1
    let weeks = (weekOneStart(weekYear + 1) - first) / 7
    return rule.byWeekNo.contains(week) || rule.byWeekNo.contains(week - weeks - 1)
  }

  private func weekOneStart(_ year: Int) -> Int {
    let january1 = Self.day(year, 1, 1)
    let intoWeek = (CivilDate(daysSinceEpoch: january1).weekday.index - rule.weekStart.index + 7) % 7
    return intoWeek > 3 ? january1 - intoWeek + 7 : january1 - intoWeek
  }

  static func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
    (CivilDate(year: year, month: month, day: day) ?? CivilDate(daysSinceEpoch: 0)).daysSinceEpoch
  }

  static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
