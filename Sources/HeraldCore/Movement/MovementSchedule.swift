/// A person's movement profile: intervals, active hours and a schedule per weekday.
public struct MovementSchedule: Sendable, Hashable {
  public var intervalMinutes: Int
  public var fallbackIntervalMinutes: Int
  public var activeHoursStart: WallClockTime
  public var activeHoursEnd: WallClockTime
  /// A weekday that is not listed has no movement reminders.
  public var days: [Weekday: DaySchedule]

  /// Creates a schedule; throws unless intervals are 1–1440 and active hours start before they end.
  public init(
    intervalMinutes: Int = 45, fallbackIntervalMinutes: Int = 60,
    activeHoursStart: WallClockTime = WallClockTime(8, 0),
    activeHoursEnd: WallClockTime = WallClockTime(20, 0),
    days: [Weekday: DaySchedule] = [:]
  ) throws(FieldError) {
    for (name, value) in [
      ("intervalMinutes", intervalMinutes), ("fallbackIntervalMinutes", fallbackIntervalMinutes),
    ]
    where !(1...1440).contains(value) {
      throw FieldError(name, "expected 1–1440, got \(value)")
    }
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
    validIntervalMinutes: 45, fallbackIntervalMinutes: 60, activeHoursStart: WallClockTime(8, 0),
    activeHoursEnd: WallClockTime(20, 0), days: [:])

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
