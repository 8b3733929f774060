import Foundation
import HeraldCore

/// One line of `herald run --sink stdout` (`contracts/plan.md`, "Delivery lines"): the request's
/// keys, plus when it was shown and whether it was late because the daemon was not running.
public enum DeliveryLine {
  /// The line's JSON object.
  public static func json(_ delivery: Delivery) -> JSONValue {
    guard case .object(var members) = PlanDocument.notification(delivery.notification, now: nil) else {
      return .null
    }
    members.append(.init("deliveredAt", .string(RFC3339.utcStringWithMilliseconds(delivery.deliveredAt))))
    members.append(.init("late", .bool(delivery.late)))
    return .object(members)
  }

  /// The line as printed: one JSON object, no line break inside.
  public static func text(_ delivery: Delivery) -> String { JSONWriter.string(json(delivery), pretty: false) }
}
