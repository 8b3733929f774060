import Foundation

/// A kind whose reminders are a task's, each request named by `identifierPrefix` and the task's
/// id: the due-date reminders. Its owners are positions in `state.tasks`, and a position moves
/// when an earlier task is removed; the id in the request names the task wherever it now stands
/// (`taskID(inIdentifier:)`).
public protocol TaskReminderKind: ReminderKind {
  static var identifierPrefix: String { get }
}

extension TaskReminderKind {
  public var ownsTasks: Bool { true }

  public var reads: PlanInputs { .tasks }

  public func identifier(owner: Int, in context: PlanningContext) -> String {
    Self.identifierPrefix + context.state.tasks[owner].id
  }

  public func taskID(inIdentifier identifier: String) -> String? {
    identifier.hasPrefix(Self.identifierPrefix)
      ? String(identifier.dropFirst(Self.identifierPrefix.count)) : nil
  }

  public func owner(ofIdentifier identifier: String, in context: PlanningContext) -> Int? {
    taskID(inIdentifier: identifier).flatMap { id in context.state.tasks.firstIndex { $0.id == id } }
  }

  /// Adds a reminder for each task of the due-date batch that is due and has a `fireDate`.
  func planEachDueTask(
    in context: PlanningContext, fireDate: (Date) -> Date?, _ add: (Int, Date) -> Void
  ) {
    for index in context.dueDateBatch {
      guard let due = context.state.tasks[index].due, let date = fireDate(due) else { continue }
      add(index, date)
    }
  }

  /// What a due-date reminder of either kind shows: one thread, the task's id for its "done".
  static func content(title: String, body: String, category: String, taskID: String) -> NotificationContent {
    NotificationContent(
      title: title, body: body, sound: .default, interruptionLevel: .active, categoryIdentifier: category,
      threadIdentifier: "due-date", userInfo: ["taskID": taskID])
  }
}
