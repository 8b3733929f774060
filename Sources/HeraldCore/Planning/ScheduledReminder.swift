import Foundation

/// When a reminder fires and which rule owns it, without its texts: 16 bytes, so a daemon can
/// queue a million of them and build each notification only when it is due.
public struct ScheduledReminder: Sendable, Hashable {
  /// The rule, and the position of its block or task in the planning state.
  public enum Source: Sendable, Hashable {
    case focusBlockStart(Int32)
    case dueDateMorning(Int32)
    case dueDateAdvance(Int32)
    case movement
    /// The `n`-th request the movement log calls for (snooze, follow-up, progress report).
    case movementLog(Int32)
  }

  public var fireDate: Date
  public var source: Source

  public init(fireDate: Date, source: Source) {
    self.fireDate = fireDate
    self.source = source
  }
}
