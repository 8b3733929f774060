import Foundation

/// The morning reminder on a task's due day (spec 001), for the tasks of the due-date batch.
public struct DueDateMorningReminder: TaskReminderKind {
  public static let identifierPrefix = "due-date-morning-"

  public init() {}

  /// When the reminder fires: `time` on the due date's day in `zone`, when that is
  /// before the due date and after `now`.
  public static func fireDate(
    dueDate: Date, time: WallClockTime, now: Date, zone: Zone
  ) -> (day: CivilDate, fireDate: Date)? {
    guard dueDate > now else { return nil }
    let day = zone.day(at: dueDate)
    let fireDate = zone.instant(on: day, at: time)
    return fireDate < dueDate && fireDate > now ? (day, fireDate) : nil
  }

  /// "Due today" with the task's title.
  static func content(taskID: String, title: String, texts: Texts) -> NotificationContent {
    content(
      title: texts.dueTodayTitle, body: texts.dueTodayBody(title),
      category: NotificationCategory.dueDateMorning,
      taskID: taskID)
  }

  // MARK: ReminderKind

  public var storedName: String { "due-date-morning" }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    let settings = context.settings
    guard settings.dueDateMorningReminderEnabled else { return }
    planEachDueTask(
      in: context,
      fireDate: {
        Self.fireDate(
          dueDate: $0, time: settings.dueDateMorningReminderTime, now: context.now, zone: context.zone)?
          .fireDate
      }, add)
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let task = context.state.tasks[owner]
    return Self.content(taskID: task.id, title: task.title, texts: context.texts)
  }

  public func displayContent(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let task = context.state.tasks[owner]
    return Self.content(
      taskID: task.id, title: DisplayText.shortened(task.title, toFit: DisplayText.titleLength),
      texts: context.texts)
  }

  /// A floating calendar trigger: the wall-clock reading on the due day, which on a device
  /// follows the user into another zone.
  public func trigger(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationTrigger {
    // The due date's day, as the rule has it: a time resolved across a DST gap stays on it.
    let day = context.zone.day(at: context.state.tasks[owner].due ?? fireDate)
    return .calendar(
      WallClockComponents(day: day, time: context.settings.dueDateMorningReminderTime), repeats: false)
  }

  /// Done completes the task, which cancels its other due-date reminder.
  public var actions: [NotificationAction] { [.done] }

  /// One slot per task: the advance reminder replaces a morning one still on screen.
  public func slot(owner: Int, in context: PlanningContext) -> String {
    DueDateReminders.slot(taskID: context.state.tasks[owner].id)
  }

  /// Done, or the task removed.
  public func awaitedAnswer(owner: Int, in context: PlanningContext) -> AwaitedAnswer? {
    .task(id: context.state.tasks[owner].id)
  }
}
