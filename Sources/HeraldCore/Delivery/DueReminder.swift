import Foundation

/// A reminder that has come due, with what its kind says about delivering it.
public struct DueReminder: Sendable, Hashable {
  public var notification: PlannedNotification
  /// What it shows on a screen: the content with the user's titles shortened for display.
  public var displayContent: NotificationContent
  /// The language of the user, for the late marker and button labels.
  public var language: Language
  /// The buttons its notification offers.
  public var actions: [NotificationAction]
  /// Deliveries that, when handled already, said what this one would say.
  public var saidBefore: [DeliveryKey]
  /// What showing it changes in the user's data.
  public var effects: [DeliveryEffect]
  /// Whether the next reminder of its kind is planned only now that this one came due.
  public var isRolling: Bool
  /// Its place on screen: it replaces what was shown in the same slot.
  public var slot: String
  /// The answer its notification waits for before it comes off the screen.
  public var awaiting: AwaitedAnswer?
  /// The user switched notifications of its kind off: nothing is shown, but what it changes is
  /// still recorded (a point of interest reached with "POI-Benachrichtigungen" off still counts
  /// towards the route's completion).
  public var isSilenced: Bool

  public init(
    notification: PlannedNotification, displayContent: NotificationContent? = nil, language: Language,
    actions: [NotificationAction] = [], saidBefore: [DeliveryKey] = [], effects: [DeliveryEffect] = [],
    isRolling: Bool = false, slot: String? = nil, awaiting: AwaitedAnswer? = nil, isSilenced: Bool = false
  ) {
    self.notification = notification
    self.displayContent = displayContent ?? notification.content
    self.language = language
    self.actions = actions
    self.saidBefore = saidBefore
    self.effects = effects
    self.isRolling = isRolling
    self.slot = slot ?? notification.identifier
    self.awaiting = awaiting
    self.isSilenced = isSilenced
  }

  /// Its entry in the delivery log.
  public var key: DeliveryKey {
    DeliveryKey(requestID: notification.identifier, fireDate: notification.fireDate)
  }

  /// The entries of the delivery log the decision reads: its own, and those it would repeat.
  public var keysToLookUp: [DeliveryKey] { [key] + saidBefore }
}

extension Planner {
  /// One scheduled reminder as it comes due, with its kind's delivery rules.
  public static func due(_ reminder: ScheduledReminder, in context: PlanningContext) -> DueReminder {
    let kind = reminder.kind
    let owner = Int(reminder.owner)
    return DueReminder(
      notification: notification(for: reminder, in: context),
      displayContent: kind.displayContent(owner: owner, fireDate: reminder.fireDate, in: context),
      language: context.state.language, actions: kind.actions,
      saidBefore: kind.saidBefore(owner: owner, fireDate: reminder.fireDate, in: context),
      effects: kind.effects(owner: owner, fireDate: reminder.fireDate, in: context),
      isRolling: kind.isRolling,
      slot: kind.slot(owner: owner, in: context), awaiting: kind.awaitedAnswer(owner: owner, in: context))
  }
}

extension Planner {
  /// The reminder stored under `identifier` and `fireDate`, of the kind stored as `kindName`, with
  /// its owner as `context` holds it now: found by the id the identifier names (a block's or a
  /// task's; a position moves when an earlier one is removed). Nil when this build has no kind
  /// of that name, or `context` no longer holds its owner.
  public static func reminder(
    ofKind kindName: String, identifier: String, fireDate: Date, in context: PlanningContext
  ) -> ScheduledReminder? {
    guard let index = kindIndex(named: kindName),
      let owner = kinds[Int(index)].owner(ofIdentifier: identifier, in: context)
    else { return nil }
    return ScheduledReminder(fireDate: fireDate, owner: Int32(owner), kindIndex: index)
  }
}
