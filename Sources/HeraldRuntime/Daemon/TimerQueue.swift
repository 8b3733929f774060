import Foundation
import HeraldCore

/// The reminders waiting for their time, soonest last so that taking the next is O(1).
///
/// Holds `ScheduledReminder`s (16 bytes each: a fire date and the owning rule), not whole
/// requests: a million pending reminders cost 16 MB, and texts are built only when one is due.
public struct TimerQueue: Sendable {
  private var entries: [ScheduledReminder] = []

  public init(_ reminders: [ScheduledReminder] = []) {
    entries = reminders.sorted(by: Self.later)
  }

  /// Applies a change of the plan (`PlanChange`): the reminders in its scope are replaced by its
  /// own, the others stay where they are. Its reminders, sorted, are merged with those kept, so a
  /// change of a few costs a pass over the queue, not a sort of it.
  public mutating func apply(_ change: PlanChange) {
    let added = change.reminders.sorted(by: Self.later)
    guard !change.isWhole else {
      entries = added
      return
    }
    let kept = entries.filter { !change.holds($0) }
    var merged: [ScheduledReminder] = []
    merged.reserveCapacity(kept.count + added.count)
    var (k, a) = (kept.startIndex, added.startIndex)
    while k < kept.endIndex, a < added.endIndex {
      if Self.later(added[a], kept[k]) {
        merged.append(added[a])
        a += 1
      } else {
        merged.append(kept[k])
        k += 1
      }
    }
    merged += kept[k...]
    merged += added[a...]
    entries = merged
  }

  /// The queue's order: latest first. Ties go by kind, and within a kind keep the plan's order (a
  /// stable sort): a queue changed kind by kind is the queue planned whole, so replanning is
  /// deterministic.
  private static func later(_ a: ScheduledReminder, _ b: ScheduledReminder) -> Bool {
    a.fireDate != b.fireDate ? a.fireDate > b.fireDate : a.kindIndex < b.kindIndex
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
