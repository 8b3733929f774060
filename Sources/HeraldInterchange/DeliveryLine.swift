import Foundation
import HeraldCore

/// One line of `herald run --sink stdout` (`contracts/plan.md`, "Delivery lines"): the request's
/// keys, plus when it was shown and whether it was late because the daemon was not running.
public struct DeliveryLine: Sendable, Hashable {
  public var notification: PlannedNotification
  public var deliveredAt: Date
  public var late: Bool

  public init(notification: PlannedNotification, deliveredAt: Date, late: Bool) {
    self.notification = notification
    self.deliveredAt = deliveredAt
    self.late = late
  }

  /// The line's JSON object.
  public var json: JSONValue {
    guard case .object(var members) = PlanDocument.notification(notification, now: nil) else { return .null }
    members.append(.init("deliveredAt", .string(RFC3339.utcStringWithMilliseconds(deliveredAt))))
    members.append(.init("late", .bool(late)))
    return .object(members)
  }

  /// The line as printed: one JSON object, no line break inside.
  public var text: String { JSONWriter.string(json, pretty: false) }
}
