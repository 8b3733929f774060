import Foundation

/// The reminder a chosen lead time before a task is due (spec 001), for the tasks of the batch.
public struct DueDateAdvanceReminder: TaskReminderKind {
  public static let identifierPrefix = "due-date-advance-"

  public init() {}

  /// When the reminder fires: `lead` before the due date; `nil` when that has passed.
  public static func fireDate(dueDate: Date, lead: AdvanceLeadTime, now: Date) -> Date? {
    let fireDate = dueDate.addingTimeInterval(-Double(lead.minutes * 60))
    return dueDate > now && fireDate > now ? fireDate : nil
  }

  /// The task's title, and how soon it is due.
  static func content(taskID: String, title: String, lead: AdvanceLeadTime, texts: Texts)
    -> NotificationContent
  {
    content(
      title: title, body: texts.dueInBody(title, lead: lead), category: NotificationCategory.dueDateAdvance,
      taskID: taskID)
  }

  // MARK: ReminderKind

  public var storedName: String { "due-date-advance" }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    let settings = context.settings
    guard settings.dueDateAdvanceReminderEnabled else { return }
    planEachDueTask(
      in: context,
      fireDate: {
        Self.fireDate(dueDate: $0, lead: settings.dueDateAdvanceReminderMinutes, now: context.now)
      }, add)
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let task = context.state.tasks[owner]
    return Self.content(
      taskID: task.id, title: task.title, lead: context.settings.dueDateAdvanceReminderMinutes,
      texts: context.texts)
  }

  public func displayContent(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let task = context.state.tasks[owner]
    return Self.content(
      taskID: task.id, title: DisplayText.shortened(task.title, toFit: DisplayText.titleLength),
      lead: context.settings.dueDateAdvanceReminderMinutes, texts: context.texts)
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
