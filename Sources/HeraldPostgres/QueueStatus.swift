import Foundation

/// The delivery queue at one moment (`PostgresStore.queueStatus(now:)`).
public struct QueueStatus: Sendable, Hashable {
  /// Pending rows whose time (or retry's) has come.
  public var dueRows: Int
  /// The earliest time among them; nil when none is due.
  public var oldestDue: Date?

  public init(dueRows: Int, oldestDue: Date?) {
    self.dueRows = dueRows
    self.oldestDue = oldestDue
  }
}
