import Foundation

/// Everything one plan is made from — the state, the instant, the limits and the zone's resolver —
/// with the facts several kinds share worked out once.
public struct PlanningContext: Sendable {
  public let state: PlanningState
  public let now: Date
  public let limits: Limits
  public let resolver: WallClockResolver
  /// The tasks that get due-date reminders: positions in `state.tasks`, nearest due date first.
  public let dueDateBatch: [Int]
  /// The next regular movement reminder after `now`, when the state has a movement schedule.
  public let nextMovementReminder: MovementReminder?

  /// A context at `now`. Without a `resolver`, one is built that has the zone's offsets for the
  /// days a plan can reach read ahead.
  public init(state: PlanningState, now: Date, limits: Limits, resolver: WallClockResolver? = nil) {
    self.state = state
    self.now = now
    self.limits = limits
    let resolver =
      resolver
      ?? WallClockResolver(
        timeZone: state.timeZone,
        window: DateInterval(start: now, duration: Double(MovementSchedule.lookaheadDays + 2) * 86_400))
    self.resolver = resolver
    dueDateBatch = DueDateReminders.batchIndices(state.tasks, now: now, limit: limits.dueDateTaskBatch)
    nextMovementReminder = state.movement?.nextReminder(after: now, resolver: resolver)
  }

  /// The texts in the user's language.
  public var texts: Texts { Texts(state.language) }
  public var settings: Settings { state.settings }
}
