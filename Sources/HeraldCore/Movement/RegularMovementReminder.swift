import Foundation

/// The movement reminder (spec 003): at most one pending, the next time the schedule names,
/// styled by the block it falls in. A chain: the one after it is planned once it has come due.
public struct RegularMovementReminder: SingleReminderKind {
  /// The spec's `NotificationType.exerciseReminder`.
  public static let identifier = "exercise-reminder"

  public init() {}

  /// "Time to move", in a style.
  static func content(style: NotificationStyle, texts: Texts, userInfo: [String: String])
    -> NotificationContent
  {
    NotificationContent(
      title: texts.timeToMoveTitle, body: texts.standUpBody,
      categoryIdentifier: NotificationCategory.movement,
      threadIdentifier: NotificationCategory.movement, userInfo: userInfo
    ).styled(style)
  }

  // MARK: ReminderKind

  public var storedName: String { "exercise-reminder" }

  public var reads: PlanInputs { .movement }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    if let next = context.nextMovementReminder { add(0, next.fireDate) }
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let style = context.nextMovementReminder?.style ?? .standard
    return Self.content(style: style, texts: context.texts, userInfo: ["style": style.rawValue])
  }

  public var actions: [NotificationAction] { [.snooze, .done] }

  /// The movement reminder's slot: its snooze and its follow-up replace it on screen.
  public func slot(owner: Int, in context: PlanningContext) -> String { RegularMovementReminder.identifier }

  public func awaitedAnswer(owner: Int, in context: PlanningContext) -> AwaitedAnswer? { .movementBreak }

  public var isRolling: Bool { true }

  /// Shown, it awaits an answer (or its follow-up) and counts for its day.
  public func effects(owner: Int, fireDate: Date, in context: PlanningContext) -> [DeliveryEffect] {
    [.movementReminderShown(at: fireDate, day: context.zone.day(at: fireDate))]
  }
}
