import Foundation
import HeraldCore
import HeraldInterchange

/// A notification being shown, with what the user can do about it.
public struct Delivery: Sendable {
  public var line: DeliveryLine
  /// The buttons to offer, in order.
  public var actions: [NotificationAction]

  public var notification: PlannedNotification { line.notification }

  public init(line: DeliveryLine, actions: [NotificationAction]) {
    self.line = line
    self.actions = actions
  }
}

/// A button on a notification, and what pressing it does.
public enum NotificationAction: String, Sendable, CaseIterable {
  /// Remind again in 5 minutes (movement reminders).
  case snooze
  /// Mark done: the movement break taken, or the task completed.
  case done

  /// The button's label in the user's language.
  public func label(_ texts: Texts) -> String {
    switch self {
    case .snooze: texts.snoozeAction
    case .done: texts.doneAction
    }
  }

  /// The actions a notification of this category offers.
  public static func offered(forCategory category: String) -> [NotificationAction] {
    switch category {
    case NotificationCategory.movement, NotificationCategory.movementFollowUp: [.snooze, .done]
    case NotificationCategory.dueDateMorning, NotificationCategory.dueDateAdvance: [.done]
    default: []
    }
  }
}

/// Where the daemon shows notifications: the desktop, standard output, a webhook.
public protocol DeliverySink: Sendable {
  /// Shows one notification. Returning means it was handed over; throwing means it was not.
  func deliver(_ delivery: Delivery) async throws
}

/// Told when the user presses a notification's button.
public typealias ActionCallback = @Sendable (NotificationAction, PlannedNotification) async -> Void
