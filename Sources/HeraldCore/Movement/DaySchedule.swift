/// How one weekday produces movement reminders (spec 003's `scheduleType`).
public enum DaySchedule: Sendable, Hashable {
  /// Reminders at a steady interval inside each block, in the block's style.
  case timeBlocks([TimeBlock])
  /// Reminders at these times, in the standard style.
  case fixedTimes([WallClockTime])
  /// One standard block over the profile's active hours, at the fallback interval.
  case fallback
}
