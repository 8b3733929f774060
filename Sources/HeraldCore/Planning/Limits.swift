import Foundation

/// The platform's limits, as values: plans obey whichever they are given.
public struct Limits: Sendable, Hashable {
  /// At most this many requests pending at once; the soonest are kept. `nil`: no limit.
  public var maximumPending: Int?
  /// At most this many tasks get due-date requests, nearest due date first. `nil`: every task.
  public var dueDateTaskBatch: Int?
  /// At most this many regions monitored at once. `nil`: no limit.
  public var monitoredRegions: Int?
  /// How long a Live Activity may run before the platform ends it. `nil`: forever.
  public var liveActivityMaximumDuration: TimeInterval?

  public init(
    maximumPending: Int?, dueDateTaskBatch: Int?, monitoredRegions: Int?,
    liveActivityMaximumDuration: TimeInterval?
  ) {
    self.maximumPending = maximumPending
    self.dueDateTaskBatch = dueDateTaskBatch
    self.monitoredRegions = monitoredRegions
    self.liveActivityMaximumDuration = liveActivityMaximumDuration
  }

  /// iOS: 64 pending notifications, 25 due-date tasks per batch, 20 regions, 8-hour activities.
  public static let iOS = Limits(
    maximumPending: 64, dueDateTaskBatch: DueDateReminders.iOSBatchLimit, monitoredRegions: 20,
    liveActivityMaximumDuration: 8 * 3600)

  /// The desktop daemon: no limits.
  public static let unlimited = Limits(
    maximumPending: nil, dueDateTaskBatch: nil, monitoredRegions: nil, liveActivityMaximumDuration: nil)
}
