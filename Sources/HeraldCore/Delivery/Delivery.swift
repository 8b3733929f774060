import Foundation

/// A notification being shown: what it says, when, whether late, and what the user can do about
/// it. Every sink renders this and decides nothing.
public struct Delivery: Sendable, Hashable {
  /// The request as planned, texts whole: what data formats (stdout, webhook) carry.
  public var notification: PlannedNotification
  /// What a screen shows: the content with the user's titles shortened for display.
  public var displayContent: NotificationContent
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
  /// Its place on screen: a screen replaces what it showed in the same slot with this.
  public var slot: String
  /// The answer it waits for; once given, it comes off the screen.
  public var awaiting: AwaitedAnswer?

  public init(
    notification: PlannedNotification, displayContent: NotificationContent? = nil, deliveredAt: Date,
    late: Bool, actions: [NotificationAction] = [], language: Language = .de, effects: [DeliveryEffect] = [],
    slot: String? = nil, awaiting: AwaitedAnswer? = nil
  ) {
    self.notification = notification
    self.displayContent = displayContent ?? notification.content
    self.deliveredAt = deliveredAt
    self.late = late
    self.actions = actions
    self.style = NotificationStyle(shownAs: notification.content.interruptionLevel)
    self.language = language
    self.effects = effects
    self.slot = slot ?? notification.identifier
    self.awaiting = awaiting
  }

  public var content: NotificationContent { notification.content }
  public var key: DeliveryKey {
    DeliveryKey(requestID: notification.identifier, fireDate: notification.fireDate)
  }
  public var texts: Texts { Texts(language) }

  /// The title as shown: shortened for display, followed by the late marker, in the user's
  /// language, when late.
  public var displayTitle: String {
    late ? "\(displayContent.title) \(texts.lateMarker)" : displayContent.title
  }

  /// The commands that do what the buttons do, in the buttons' order, for a screen without
  /// buttons (`herald snooze`, `herald ack`, `herald task done ID`).
  public var answerCommands: [String] {
    guard let awaiting else { return [] }
    return actions.compactMap { awaiting.command(for: $0) }
  }
}
