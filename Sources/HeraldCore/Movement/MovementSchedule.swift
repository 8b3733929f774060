/// A person's movement profile: intervals, active hours and a schedule per weekday.
public struct MovementSchedule: Sendable, Hashable {
  public private(set) var intervalMinutes: Int
  public private(set) var fallbackIntervalMinutes: Int
  public private(set) var activeHoursStart: WallClockTime
  public private(set) var activeHoursEnd: WallClockTime
  /// A weekday that is not listed has no movement reminders.
  public var days: [Weekday: DaySchedule]

  /// The intervals a schedule and a time block may have, in minutes: up to a day.
  public static let intervals = 1...1440
  public static let defaultIntervalMinutes = 45
  public static let defaultFallbackIntervalMinutes = 60
  public static let defaultActiveHoursStart = WallClockTime(8, 0)
  public static let defaultActiveHoursEnd = WallClockTime(20, 0)

  /// Throws unless `minutes` is one of `intervals`: the one place that rule is checked.
  public static func checkInterval(_ minutes: Int, field: String) throws(FieldError) {
    guard intervals.contains(minutes) else {
      throw FieldError(field, "expected \(intervals.lowerBound)–\(intervals.upperBound), got \(minutes)")
    }
  }

  /// Creates a schedule; throws unless intervals are 1–1440 and active hours start before they end.
  public init(
    intervalMinutes: Int = defaultIntervalMinutes,
    fallbackIntervalMinutes: Int = defaultFallbackIntervalMinutes,
    activeHoursStart: WallClockTime = defaultActiveHoursStart,
    activeHoursEnd: WallClockTime = defaultActiveHoursEnd,
    days: [Weekday: DaySchedule] = [:]
  ) throws(FieldError) {
    try Self.checkInterval(intervalMinutes, field: "intervalMinutes")
    try Self.checkInterval(fallbackIntervalMinutes, field: "fallbackIntervalMinutes")
    guard activeHoursStart < activeHoursEnd else {
      throw FieldError("activeHours.end", "\(activeHoursEnd) is not after start \(activeHoursStart)")
    }
    self.intervalMinutes = intervalMinutes
    self.fallbackIntervalMinutes = fallbackIntervalMinutes
    self.activeHoursStart = activeHoursStart
    self.activeHoursEnd = activeHoursEnd
    self.days = days
  }

  /// The default profile with no weekday listed: no reminders until days are set.
  public static let empty = MovementSchedule(
    validIntervalMinutes: defaultIntervalMinutes, fallbackIntervalMinutes: defaultFallbackIntervalMinutes,
    activeHoursStart: defaultActiveHoursStart, activeHoursEnd: defaultActiveHoursEnd, days: [:])

  private init(
    validIntervalMinutes: Int, fallbackIntervalMinutes: Int, activeHoursStart: WallClockTime,
    activeHoursEnd: WallClockTime, days: [Weekday: DaySchedule]
  ) {
    intervalMinutes = validIntervalMinutes
    self.fallbackIntervalMinutes = fallbackIntervalMinutes
    self.activeHoursStart = activeHoursStart
    self.activeHoursEnd = activeHoursEnd
    self.days = days
  }

  /// Calls `body` with every reminder time of a weekday, in the order the schedule lists them.
  /// Fixed times and the fallback are treated as blocks of their own, so one mechanism computes
  /// every candidate; nothing is allocated.
  func forEachCandidate(on weekday: Weekday, _ body: (_ minuteOfDay: Int, _ style: NotificationStyle) -> Void)
  {
    switch days[weekday] {
    case nil:
      return
    case .fixedTimes(let times):
      for time in times { body(time.minuteOfDay, .standard) }
    case .fallback:
      let fallback = stride(
        from: activeHoursStart.minuteOfDay + fallbackIntervalMinutes, to: activeHoursEnd.minuteOfDay,
        by: fallbackIntervalMinutes)
      for minute in fallback { body(minute, .standard) }
    case .timeBlocks(let blocks):
      for block in blocks {
        for minute in block.reminderMinutes(interval: block.intervalMinutes ?? intervalMinutes) {
          body(minute, block.style)
        }
      }
    }
  }

  /// Whether a weekday's schedule yields any reminder.
  public func hasReminders(on weekday: Weekday) -> Bool {
    var found = false
    forEachCandidate(on: weekday) { _, _ in found = true }
    return found
  }
}
