import Foundation

/// A notification being shown: what it says, when, whether late, and what the user can do about
/// it. Every sink renders this and decides nothing.
public struct Delivery: Sendable, Hashable {
  public var notification: PlannedNotification
  public var deliveredAt: Date
  /// Shown more than `DeliveryPolicy.lateAfter` after its time.
  public var late: Bool
  /// The buttons to offer, in order.
  public var actions: [NotificationAction]
  /// The style it is shown in: gentle, standard or urgent.
  public var style: NotificationStyle
  public var language: Language
  /// What showing it changes in the user's data; recorded with the delivery.
  public var effects: [DeliveryEffect]

  public init(
    notification: PlannedNotification, deliveredAt: Date, late: Bool, actions: [NotificationAction] = [],
    language: Language = .de, effects: [DeliveryEffect] = []
  ) {
    self.notification = notification
    self.deliveredAt = deliveredAt
    self.late = late
    self.actions = actions
    self.style = NotificationStyle(shownAs: notification.content.interruptionLevel)
    self.language = language
    self.effects = effects
  }

  public var content: NotificationContent { notification.content }
  public var key: DeliveryKey {
    DeliveryKey(requestID: notification.identifier, fireDate: notification.fireDate)
  }
  public var texts: Texts { Texts(language) }

  /// The title as shown: followed by the late marker, in the user's language, when late.
  public var displayTitle: String {
    late ? "\(content.title) \(texts.lateMarker)" : content.title
  }
}
