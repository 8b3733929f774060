import Foundation
import HeraldCore

/// The reminders waiting for their time, soonest last so that taking the next is O(1).
///
/// Holds `ScheduledReminder`s (16 bytes each: a fire date and the owning rule), not whole
/// requests: a million pending reminders cost 16 MB, and texts are built only when one is due.
public struct TimerQueue: Sendable {
  private var entries: [ScheduledReminder] = []

  public init(_ reminders: [ScheduledReminder] = []) {
    // Latest first; ties keep a fixed order so that replanning is deterministic.
    entries = reminders.sorted { $0.fireDate > $1.fireDate }
  }

  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }

  /// When the next reminder is due.
  public var nextFireDate: Date? { entries.last?.fireDate }

  /// Removes and returns the next reminder when it is due at `now`.
  public mutating func popNext(dueAt now: Date) -> ScheduledReminder? {
    guard let last = entries.last, last.fireDate <= now else { return nil }
    return entries.removeLast()
  }

  /// Bytes the queue's storage takes per reminder (capacity included).
  public var bytesPerReminder: Double {
    entries.isEmpty
      ? 0 : Double(entries.capacity * MemoryLayout<ScheduledReminder>.stride) / Double(entries.count)
  }
}
