import Foundation

/// The movement reminder again, 5 minutes after the user snoozed it; standard, because the user
/// asked for it explicitly (spec 003, edge case 3).
public struct SnoozedMovementReminder: SingleReminderKind {
  public static let identifier = "exercise-reminder-snooze"
  /// Snoozing moves the reminder this far.
  public static let snoozeMinutes = 5

  public init() {}

  /// When the snoozed reminder fires: 5 minutes after the snooze; `nil` once that has passed.
  public static func fireDate(snoozedAt: Date, now: Date) -> Date? {
    let fireDate = snoozedAt.addingTimeInterval(Double(snoozeMinutes * 60))
    return fireDate > now ? fireDate : nil
  }

  // MARK: ReminderKind

  public var storedName: String { "exercise-reminder-snooze" }

  public var reads: PlanInputs { .movement }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    guard context.state.movement != nil, let snoozedAt = context.state.movementLog?.snoozedAt,
      let fireDate = Self.fireDate(snoozedAt: snoozedAt, now: context.now)
    else { return }
    add(0, fireDate)
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    RegularMovementReminder.content(
      style: .standard, texts: context.texts,
      userInfo: ["style": NotificationStyle.standard.rawValue, "snoozed": "true"])
  }

  public var actions: [NotificationAction] { [.snooze, .done] }

  /// The movement reminder's slot: its snooze and its follow-up replace it on screen.
  public func slot(owner: Int, in context: PlanningContext) -> String { RegularMovementReminder.identifier }

  public func awaitedAnswer(owner: Int, in context: PlanningContext) -> AwaitedAnswer? { .movementBreak }
}
