import Foundation

/// Where requests go to wait for their time; the meaning of `UNUserNotificationCenter`.
public protocol NotificationScheduling: Sendable {
  /// Adds a request, replacing a pending one with the same identifier.
  func add(_ notification: PlannedNotification) async throws
  /// Removes pending requests; unknown identifiers are ignored.
  func removePendingNotifications(withIdentifiers identifiers: [String]) async
  /// The requests still waiting to fire.
  func pendingNotifications() async -> [PlannedNotification]
  /// The notifications shown so far.
  func deliveredNotifications() async -> [DeliveredNotification]
}
