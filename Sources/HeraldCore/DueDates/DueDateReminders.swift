import Foundation

/// The spec's functions for due-date reminders (spec 001), on top of the two kinds
/// `DueDateMorningReminder` and `DueDateAdvanceReminder`, whose rules they use.
public enum DueDateReminders {
  /// iOS's batch: at most this many tasks get due-date requests (2 each, 50 of 64 slots).
  public static let iOSBatchLimit = 25

  /// Both request ids of a task; cancelling a task's reminders removes these.
  public static func identifiers(forTaskID taskID: String) -> [String] {
    [DueDateMorningReminder.identifierPrefix + taskID, DueDateAdvanceReminder.identifierPrefix + taskID]
  }

  /// The place on screen a task's due-date reminders share (`ReminderKind.slot`).
  public static func slot(taskID: String) -> String { "due-date-" + taskID }

  /// Whether an id belongs to a due-date reminder.
  public static func owns(_ identifier: String) -> Bool {
    identifier.hasPrefix(DueDateMorningReminder.identifierPrefix)
      || identifier.hasPrefix(DueDateAdvanceReminder.identifierPrefix)
  }

  /// The spec's `buildDueDateMorningRequest`: the reminder at `morningHour:morningMinute` on the due
  /// day, in `zone`. `nil` when the due date has passed, when that morning time
  /// is not before the due date, or when it has passed.
  ///
  /// The trigger is a floating calendar trigger: it names the wall-clock reading, not an instant,
  /// so on a device it follows the user into another zone. `fireDate` is that reading in
  /// `zone`.
  public static func buildDueDateMorningRequest(
    taskID: String, title: String, dueDate: Date, morningHour: Int, morningMinute: Int,
    now: Date, zone: Zone, language: Language = .de
  ) -> PlannedNotification? {
    guard let time = WallClockTime(hour: morningHour, minute: morningMinute),
      let morning = DueDateMorningReminder.fireDate(
        dueDate: dueDate, time: time, now: now, zone: zone)
    else { return nil }
    let request = NotificationRequest(
      identifier: DueDateMorningReminder.identifierPrefix + taskID,
      content: DueDateMorningReminder.content(taskID: taskID, title: title, texts: Texts(language)),
      trigger: .calendar(WallClockComponents(day: morning.day, time: time), repeats: false))
    return PlannedNotification(request: request, fireDate: morning.fireDate)
  }

  /// The spec's `buildDueDateAdvanceRequest`: the reminder `advanceMinutes` before the due date.
  /// `nil` when the due date has passed or when the lead is longer than the time left.
  public static func buildDueDateAdvanceRequest(
    taskID: String, title: String, dueDate: Date, advanceMinutes: AdvanceLeadTime, now: Date,
    language: Language = .de
  ) -> PlannedNotification? {
    guard let fireDate = DueDateAdvanceReminder.fireDate(dueDate: dueDate, lead: advanceMinutes, now: now)
    else { return nil }
    return PlannedNotification(
      identifier: DueDateAdvanceReminder.identifierPrefix + taskID,
      content: DueDateAdvanceReminder.content(
        taskID: taskID, title: title, lead: advanceMinutes, texts: Texts(language)),
      fireDate: fireDate, now: now)
  }

  /// The spec's batch: the open tasks due after `now`, nearest due date first (ties by id), at most
  /// `limit` of them. Selects without sorting every task, so 100 000 tasks cost one pass.
  public static func batch(_ tasks: [TodoItem], now: Date, limit: Int?) -> [TodoItem] {
    batchIndices(tasks, now: now, limit: limit).map { tasks[$0] }
  }

  /// The positions in `tasks` of the batch, in batch order.
  public static func batchIndices(_ tasks: [TodoItem], now: Date, limit: Int?) -> [Int] {
    // Each candidate as its due instant beside its position, which the order compares: comparing
    // the tasks themselves would copy two of them (titles and all) for every comparison.
    let candidates = tasks.indices.lazy.filter { tasks[$0].awaitsDueDate(after: now) }
      .map { (due: tasks[$0].due ?? .distantFuture, index: $0) }
    // Nearest due first, ties by id.
    let nearer = { (a: (due: Date, index: Int), b: (due: Date, index: Int)) in
      a.due != b.due ? a.due < b.due : tasks[a.index].id < tasks[b.index].id
    }
    let ordered = limit.map { candidates.smallest($0, by: nearer) } ?? candidates.sorted(by: nearer)
    return ordered.map(\.index)
  }
}
