import Foundation

/// When a reminder fires and which kind and owner it belongs to, without its texts: 16 bytes, so
/// a daemon can queue a million of them and build each notification only when it is due.
public struct ScheduledReminder: Sendable, Hashable {
  public var fireDate: Date
  /// The owner within its kind (`ReminderKind`): a block's or task's position in the state.
  /// This process's alone: stored, a reminder names its owner by the id in its request id.
  public var owner: Int32
  /// The kind's position in `Planner.kinds`. This process's alone: stored, a kind is named by
  /// its `storedName`.
  public var kindIndex: UInt8

  public init(fireDate: Date, owner: Int32, kindIndex: UInt8) {
    self.fireDate = fireDate
    self.owner = owner
    self.kindIndex = kindIndex
  }

  /// The kind this reminder belongs to.
  public var kind: any ReminderKind { Planner.kinds[Int(kindIndex)] }
}
