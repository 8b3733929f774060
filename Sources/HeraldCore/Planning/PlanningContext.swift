import Foundation

/// Everything one plan is made from — the state, the instant, the limits and the zone — with the
/// facts several kinds share worked out once.
public struct PlanningContext: Sendable {
  public let state: PlanningState
  public let now: Date
  public let limits: Limits
  /// The tasks that get due-date reminders: positions in `state.tasks`, nearest due date first.
  public let dueDateBatch: [Int]
  /// The next regular movement reminder after `now`, when the state has a movement schedule.
  public let nextMovementReminder: MovementReminder?

  /// A context at `now`.
  public init(state: PlanningState, now: Date, limits: Limits) {
    self.state = state
    self.now = now
    self.limits = limits
    dueDateBatch = DueDateReminders.batchIndices(state.tasks, now: now, limit: limits.dueDateTaskBatch)
    nextMovementReminder = state.movement?.nextReminder(after: now, zone: state.timeZone)
  }

  /// The zone every wall-clock rule of the plan is read in.
  public var zone: Zone { state.timeZone }
  /// The texts in the user's language.
  public var texts: Texts { Texts(state.language) }
  public var settings: Settings { state.settings }
}
