import Foundation

/// The follow-up to a movement reminder nobody answered: urgent, to escalate (spec 003, edge
/// case 4), `movementFollowUpMinutes` after it.
public struct MovementFollowUp: SingleReminderKind {
  public static let identifier = "exercise-reminder-follow-up"

  public init() {}

  /// When the follow-up to the reminder shown at `reminderDate` fires; `nil` once that has passed,
  /// or when the next regular reminder (`nextReminder`) comes at or before it: one nudge at a time.
  public static func fireDate(
    toReminderAt reminderDate: Date, settings: Settings, nextReminder: Date?, now: Date
  ) -> Date? {
    let fireDate = reminderDate.addingTimeInterval(Double(settings.movementFollowUpMinutes * 60))
    guard fireDate > now else { return nil }
    if let nextReminder, nextReminder <= fireDate { return nil }
    return fireDate
  }

  // MARK: ReminderKind

  public var storedName: String { "exercise-reminder-follow-up" }

  public var reads: PlanInputs { .movement }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    guard context.state.movement != nil, let log = context.state.movementLog, let shown = log.lastReminderAt,
      !log.lastReminderAnswered,
      let fireDate = Self.fireDate(
        toReminderAt: shown, settings: context.settings, nextReminder: context.nextMovementReminder?.fireDate,
        now: context.now)
    else { return }
    add(0, fireDate)
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let texts = context.texts
    return NotificationContent(
      title: texts.followUpTitle, body: texts.followUpBody,
      categoryIdentifier: NotificationCategory.movementFollowUp,
      threadIdentifier: NotificationCategory.movement, userInfo: ["style": NotificationStyle.urgent.rawValue]
    ).styled(.urgent)
  }

  public var actions: [NotificationAction] { [.snooze, .done] }

  /// The movement reminder's slot: its snooze and its follow-up replace it on screen.
  public func slot(owner: Int, in context: PlanningContext) -> String { RegularMovementReminder.identifier }

  public func awaitedAnswer(owner: Int, in context: PlanningContext) -> AwaitedAnswer? { .movementBreak }
}
