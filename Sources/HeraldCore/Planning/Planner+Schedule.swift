import Foundation

extension Planner {
  /// Every reminder wanted after `now`, as fire dates and owners only (no budget applied).
  ///
  /// Uses the same fire-date rules as `desired`; `materialize` builds the request of one entry,
  /// so `desired` equals the materialized schedule.
  public static func schedule(
    _ state: PlanningState, now: Date, limits: Limits, resolver: WallClockResolver
  ) -> [ScheduledReminder] {
    var scheduled: [ScheduledReminder] = []
    let lead = state.settings.focusBlockLeadMinutes
    for (index, block) in state.focusBlocks.enumerated() {
      if let date = FocusBlockStartReminder.fireDate(startDate: block.start, minutesBefore: lead, now: now) {
        scheduled.append(ScheduledReminder(fireDate: date, source: .focusBlockStart(Int32(index))))
      }
    }
    let settings = state.settings
    for index in DueDateReminders.batchIndices(state.tasks, now: now, limit: limits.dueDateTaskBatch) {
      guard let due = state.tasks[index].due else { continue }
      if settings.dueDateMorningReminderEnabled,
        let morning = DueDateReminders.morningFireDate(
          dueDate: due, time: settings.dueDateMorningReminderTime, now: now, resolver: resolver)
      {
        scheduled.append(ScheduledReminder(fireDate: morning.fireDate, source: .dueDateMorning(Int32(index))))
      }
      if settings.dueDateAdvanceReminderEnabled,
        let advance = DueDateReminders.advanceFireDate(
          dueDate: due, lead: settings.dueDateAdvanceReminderMinutes, now: now)
      {
        scheduled.append(ScheduledReminder(fireDate: advance, source: .dueDateAdvance(Int32(index))))
      }
    }
    let movement = movementRequests(state, now: now, resolver: resolver)
    if let reminder = movement.reminder {
      scheduled.append(ScheduledReminder(fireDate: reminder.fireDate, source: .movement))
    }
    for (index, request) in movement.log.enumerated() {
      scheduled.append(ScheduledReminder(fireDate: request.fireDate, source: .movementLog(Int32(index))))
    }
    return scheduled
  }

  /// The request of one scheduled reminder, as the plan at `now` has it; `nil` when the state no
  /// longer holds its owner.
  public static func materialize(
    _ reminder: ScheduledReminder, _ state: PlanningState, now: Date, resolver: WallClockResolver
  ) -> PlannedNotification? {
    let language = state.language
    switch reminder.source {
    case .focusBlockStart(let index):
      guard let block = state.focusBlocks.element(at: index) else { return nil }
      return FocusBlockStartReminder.request(
        for: block, settings: state.settings, now: now, language: language)
    case .dueDateMorning(let index), .dueDateAdvance(let index):
      guard let task = state.tasks.element(at: index) else { return nil }
      let category =
        if case .dueDateMorning = reminder.source {
          NotificationCategory.dueDateMorning
        } else { NotificationCategory.dueDateAdvance }
      return DueDateReminders.requests(
        for: task, settings: state.settings, now: now, resolver: resolver, language: language
      ).first { $0.content.categoryIdentifier == category }
    case .movement:
      return movementRequests(state, now: now, resolver: resolver).reminder
    case .movementLog(let index):
      return movementRequests(state, now: now, resolver: resolver).log.element(at: index)
    }
  }

  /// The next regular movement reminder, and what the movement log calls for.
  static func movementRequests(
    _ state: PlanningState, now: Date, resolver: WallClockResolver
  ) -> (reminder: PlannedNotification?, log: [PlannedNotification]) {
    guard let movement = state.movement else { return (nil, []) }
    let reminder = MovementNotifications.nextReminder(
      schedule: movement, now: now, resolver: resolver, language: state.language)
    let log =
      state.movementLog?.requests(
        schedule: movement, settings: state.settings, now: now, resolver: resolver, language: state.language)
      ?? []
    return (reminder, log)
  }
}

extension Collection {
  /// The element `offset` places from the start, or `nil` past the end.
  fileprivate func element(at offset: Int32) -> Element? {
    let offset = Int(offset)
    guard offset >= 0, offset < count else { return nil }
    return self[index(startIndex, offsetBy: offset)]
  }
}
