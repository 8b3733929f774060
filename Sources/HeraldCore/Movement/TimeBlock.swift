/// A stretch of a day in which movement reminders come at a steady interval, in one style.
public struct TimeBlock: Sendable, Hashable {
  public let start: WallClockTime
  public let end: WallClockTime
  public let style: NotificationStyle
  /// Overrides the profile's interval inside this block when set.
  public let intervalMinutes: Int?

  /// Creates a block; throws unless `start` is before `end` and the interval is 1–1440.
  public init(
    start: WallClockTime, end: WallClockTime, style: NotificationStyle = .standard,
    intervalMinutes: Int? = nil
  ) throws(FieldError) {
    guard start < end else { throw FieldError("end", "\(end) is not after start \(start)") }
    if let intervalMinutes { try MovementSchedule.checkInterval(intervalMinutes, field: "intervalMinutes") }
    self.start = start
    self.end = end
    self.style = style
    self.intervalMinutes = intervalMinutes
  }

  /// A block written as a literal in code (a template): traps if it breaks `init`'s rules, so it
  /// is never for input.
  init(literal start: WallClockTime, _ end: WallClockTime, _ style: NotificationStyle, _ interval: Int? = nil)
  {
    precondition(
      start < end && MovementSchedule.intervals.contains(interval ?? MovementSchedule.intervals.lowerBound),
      "invalid literal time block")
    self.start = start
    self.end = end
    self.style = style
    intervalMinutes = interval
  }

  /// The minutes of day `start + k × interval` (k ≥ 1) that lie before `end`.
  func reminderMinutes(interval: Int) -> StrideTo<Int> {
    stride(from: start.minuteOfDay + interval, to: end.minuteOfDay, by: interval)
  }
}
