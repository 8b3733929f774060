import Foundation

/// A notification that was shown, and when.
public struct DeliveredNotification: Sendable, Hashable, Codable {
  public var notification: PlannedNotification
  public var deliveredAt: Date

  public init(notification: PlannedNotification, deliveredAt: Date) {
    self.notification = notification
    self.deliveredAt = deliveredAt
  }
}
