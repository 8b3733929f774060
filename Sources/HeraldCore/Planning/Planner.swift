import Foundation

/// Computes the whole plan: one function, used by the CLI, the daemon, the server and the tests.
public enum Planner {
  /// Every notification that should be pending at `now` under `limits`, soonest first.
  ///
  /// Each feature contributes its desired requests; the due-date batch and the pending budget
  /// select the nearest without sorting everything, so 100 000 tasks cost one pass.
  public static func plan(_ state: PlanningState, now: Date, limits: Limits) -> Plan {
    let resolver = WallClockResolver(
      timeZone: state.timeZone,
      window: DateInterval(start: now, duration: Double(MovementSchedule.lookaheadDays + 1) * 86_400))
    let wanted = desired(state, now: now, limits: limits, resolver: resolver)
    guard let budget = limits.maximumPending, wanted.count > budget else {
      return Plan(now: now, pending: wanted.sortedSoonestFirst())
    }
    let pending = wanted.smallest(budget, by: PlannedNotification.soonestFirst)
    let pendingIDs = Set(pending.map(\.identifier))
    let deferred = wanted.sortedSoonestFirst { !pendingIDs.contains($0.identifier) }
    return Plan(now: now, pending: pending, deferred: deferred)
  }

  /// Every request the features want at `now`, unordered and before the pending budget.
  public static func desired(
    _ state: PlanningState, now: Date, limits: Limits, resolver: WallClockResolver
  ) -> [PlannedNotification] {
    var wanted: [PlannedNotification] = []
    for block in state.focusBlocks {
      if let request = FocusBlockStartReminder.request(
        for: block, settings: state.settings, now: now, language: state.language)
      {
        wanted.append(request)
      }
    }
    for task in DueDateReminders.batch(state.tasks, now: now, limit: limits.dueDateTaskBatch) {
      wanted += DueDateReminders.requests(
        for: task, settings: state.settings, now: now, resolver: resolver, language: state.language)
    }
    let movement = movementRequests(state, now: now, resolver: resolver)
    if let reminder = movement.reminder { wanted.append(reminder) }
    wanted += movement.log
    return wanted
  }
}
