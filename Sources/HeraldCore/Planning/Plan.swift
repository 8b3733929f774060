import Foundation

/// The notifications that should be pending at `now`, and those the budget left out.
public struct Plan: Sendable, Hashable {
  public var now: Date
  /// Soonest first, then by id.
  public var pending: [PlannedNotification]
  /// Wanted but over the pending budget; they come in as pending ones fire. Soonest first.
  public var deferred: [PlannedNotification]

  public init(now: Date, pending: [PlannedNotification], deferred: [PlannedNotification] = []) {
    self.now = now
    self.pending = pending
    self.deferred = deferred
  }
}
