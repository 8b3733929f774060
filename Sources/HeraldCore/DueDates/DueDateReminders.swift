import Foundation

/// The morning and advance reminders of a task's due date (spec 001).
public enum DueDateReminders {
  public static let morningPrefix = "due-date-morning-"
  public static let advancePrefix = "due-date-advance-"
  /// iOS's batch: at most this many tasks get due-date requests (2 each, 50 of 64 slots).
  public static let iOSBatchLimit = 25

  /// Both request ids of a task; cancelling a task's reminders removes these.
  public static func identifiers(forTaskID taskID: String) -> [String] {
    [morningPrefix + taskID, advancePrefix + taskID]
  }

  /// Whether an id belongs to a due-date reminder.
  public static func owns(_ identifier: String) -> Bool {
    identifier.hasPrefix(morningPrefix) || identifier.hasPrefix(advancePrefix)
  }

  /// The spec's `buildDueDateMorningRequest`: the reminder at `morningHour:morningMinute` on the due
  /// day, in the calendar's time zone. `nil` when the due date has passed, when that morning time
  /// is not before the due date, or when it has passed.
  ///
  /// The trigger is a floating calendar trigger: it names the wall-clock reading, not an instant,
  /// so on a device it follows the user into another zone. `fireDate` is that reading in
  /// `calendar.timeZone`.
  public static func buildDueDateMorningRequest(
    taskID: String, title: String, dueDate: Date, morningHour: Int, morningMinute: Int,
    now: Date, calendar: Calendar, language: Language = .de
  ) -> PlannedNotification? {
    guard dueDate > now, let time = WallClockTime(hour: morningHour, minute: morningMinute) else {
      return nil
    }
    let resolver = WallClockResolver(timeZone: calendar.timeZone)
    return buildMorning(
      taskID: taskID, title: title, dueDate: dueDate, time: time, now: now, resolver: resolver,
      texts: Texts(language))
  }

  /// The spec's `buildDueDateAdvanceRequest`: the reminder `advanceMinutes` before the due date.
  /// `nil` when the due date has passed or when the lead is longer than the time left.
  public static func buildDueDateAdvanceRequest(
    taskID: String, title: String, dueDate: Date, advanceMinutes: AdvanceLeadTime, now: Date,
    language: Language = .de
  ) -> PlannedNotification? {
    guard let fireDate = advanceFireDate(dueDate: dueDate, lead: advanceMinutes, now: now) else { return nil }
    let texts = Texts(language)
    let content = NotificationContent(
      title: title, body: texts.dueInBody(title, lead: advanceMinutes), sound: .default,
      interruptionLevel: .active, categoryIdentifier: NotificationCategory.dueDateAdvance,
      threadIdentifier: "due-date", userInfo: ["taskID": taskID])
    let request = NotificationRequest(
      identifier: advancePrefix + taskID, content: content,
      trigger: .timeInterval(seconds: wholeSeconds(from: now, to: fireDate)))
    return PlannedNotification(request: request, fireDate: fireDate)
  }

  /// When the advance reminder fires: `lead` before the due date; `nil` when that has passed.
  public static func advanceFireDate(dueDate: Date, lead: AdvanceLeadTime, now: Date) -> Date? {
    let fireDate = dueDate.addingTimeInterval(-Double(lead.minutes * 60))
    return dueDate > now && fireDate > now ? fireDate : nil
  }

  /// When the morning reminder fires: `time` on the due date's day in the resolver's zone, when
  /// that is before the due date and after `now`.
  public static func morningFireDate(
    dueDate: Date, time: WallClockTime, now: Date, resolver: WallClockResolver
  ) -> (day: CivilDate, fireDate: Date)? {
    guard dueDate > now else { return nil }
    let day = resolver.day(at: dueDate)
    let fireDate = resolver.instant(on: day, at: time)
    return fireDate < dueDate && fireDate > now ? (day, fireDate) : nil
  }

  /// Both reminders of one task under the user's settings: none, one or two.
  public static func requests(
    for task: TodoItem, settings: Settings, now: Date, resolver: WallClockResolver, language: Language
  ) -> [PlannedNotification] {
    guard task.awaitsDueDate(after: now), let due = task.due else { return [] }
    var requests: [PlannedNotification] = []
    if settings.dueDateMorningReminderEnabled,
      let morning = buildMorning(
        taskID: task.id, title: task.title, dueDate: due, time: settings.dueDateMorningReminderTime,
        now: now, resolver: resolver, texts: Texts(language))
    {
      requests.append(morning)
    }
    if settings.dueDateAdvanceReminderEnabled,
      let advance = buildDueDateAdvanceRequest(
        taskID: task.id, title: task.title, dueDate: due,
        advanceMinutes: settings.dueDateAdvanceReminderMinutes, now: now, language: language)
    {
      requests.append(advance)
    }
    return requests
  }

  /// The spec's batch: the open tasks due after `now`, nearest due date first (ties by id), at most
  /// `limit` of them. Selects without sorting every task, so 100 000 tasks cost one pass.
  public static func batch(_ tasks: [TodoItem], now: Date, limit: Int?) -> [TodoItem] {
    batchIndices(tasks, now: now, limit: limit).map { tasks[$0] }
  }

  /// The positions in `tasks` of the batch, in batch order.
  public static func batchIndices(_ tasks: [TodoItem], now: Date, limit: Int?) -> [Int] {
    let candidates = tasks.indices.lazy.filter { tasks[$0].awaitsDueDate(after: now) }
    let order = { (a: Int, b: Int) in nearestDueFirst(tasks[a], tasks[b]) }
    guard let limit else { return candidates.sorted(by: order) }
    return candidates.smallest(limit, by: order)
  }

  static func nearestDueFirst(_ a: TodoItem, _ b: TodoItem) -> Bool {
    let (x, y) = (a.due ?? .distantFuture, b.due ?? .distantFuture)
    return x != y ? x < y : a.id < b.id
  }

  private static func buildMorning(
    taskID: String, title: String, dueDate: Date, time: WallClockTime, now: Date,
    resolver: WallClockResolver, texts: Texts
  ) -> PlannedNotification? {
    guard let (day, fireDate) = morningFireDate(dueDate: dueDate, time: time, now: now, resolver: resolver)
    else { return nil }
    let content = NotificationContent(
      title: texts.dueTodayTitle, body: texts.dueTodayBody(title), sound: .default,
      interruptionLevel: .active, categoryIdentifier: NotificationCategory.dueDateMorning,
      threadIdentifier: "due-date", userInfo: ["taskID": taskID])
    let request = NotificationRequest(
      identifier: morningPrefix + taskID, content: content,
      trigger: .calendar(WallClockComponents(day: day, time: time), repeats: false))
    return PlannedNotification(request: request, fireDate: fireDate)
  }
}
