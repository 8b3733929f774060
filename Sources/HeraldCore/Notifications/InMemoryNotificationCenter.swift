import Foundation

/// A `NotificationScheduling` that keeps everything in memory and delivers when told the time:
/// for tests of the layers above, and for previews.
public actor InMemoryNotificationCenter: NotificationScheduling {
  private var pending: [String: PlannedNotification] = [:]
  private var delivered: [DeliveredNotification] = []

  public init() {}

  public func add(_ notification: PlannedNotification) {
    pending[notification.identifier] = notification
  }

  public func removePendingNotifications(withIdentifiers identifiers: [String]) {
    for identifier in identifiers { pending[identifier] = nil }
  }

  public func pendingNotifications() -> [PlannedNotification] {
    pending.values.sorted(by: PlannedNotification.soonestFirst)
  }

  public func deliveredNotifications() -> [DeliveredNotification] { delivered }

  /// Delivers, soonest first, every pending request whose fire date is not after `now`.
  @discardableResult
  public func deliverDue(at now: Date) -> [DeliveredNotification] {
    let due = pending.values.filter { $0.fireDate <= now }.sorted(by: PlannedNotification.soonestFirst)
    let shown = due.map { DeliveredNotification(notification: $0, deliveredAt: now) }
    for notification in due { pending[notification.identifier] = nil }
    delivered += shown
    return shown
  }
}
