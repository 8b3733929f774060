import Foundation

/// What one change of a user's data does to their pending reminders, as every engine applies it
/// where its pending reminders live: PostgreSQL in the statement that writes the change
/// (`PlannedRows`), the daemon in its queue (`TimerQueue.apply`). Only the replanner
/// (`Replanner`) makes one, so "which reminders a change moves" is decided in one place.
///
/// Its *scope* is the pending reminders of `kinds` that fire after `since` — of one task alone
/// when `isOneTask`. Applied, the pending reminders in scope are exactly `reminders`: one in scope
/// that `reminders` does not have goes, one `reminders` has that is not pending is added, and one
/// both have (the same request id and instant) stays as it is. Reminders out of scope are left as
/// they are. The difference itself is taken by the engine, beside its pending reminders: a store
/// of many users takes it inside the one statement that writes the change, where reading the
/// pending rows out first would cost a round trip more a change.
public struct PlanChange: Sendable {
  /// What the reminders are named in; they are planned from its `now`.
  public let context: PlanningContext
  /// The kinds in scope, by their positions in `Planner.kinds`, ascending.
  public let kinds: [Int]
  /// Whether the scope is one task's reminders alone: `context` holds that task alone, at
  /// position 0, and its pending reminders are those its kinds name it by (`requestsOfTheTask`).
  public let isOneTask: Bool
  /// The reminders wanted in scope.
  public let reminders: [ScheduledReminder]

  init(context: PlanningContext, kinds: [Int], isOneTask: Bool = false, reminders: [ScheduledReminder]) {
    self.context = context
    self.kinds = kinds
    self.isOneTask = isOneTask
    self.reminders = reminders
  }

  /// Pending reminders in scope fire after this instant; those at or before it are left for the
  /// delivery that is due (late, or recorded as missed).
  public var since: Date { context.now }

  /// Whether every pending reminder is in scope: the change replaces the plan whole.
  public var isWhole: Bool { !isOneTask && kinds.count == Planner.kinds.count }

  /// Whether `reminder`, a pending one named in a context with the same data out of scope, is in
  /// scope. Not for a change of one task, whose pending reminders are named by request id.
  public func holds(_ reminder: ScheduledReminder) -> Bool {
    precondition(!isOneTask, "a change of one task names its reminders by request id")
    return kinds.contains(Int(reminder.kindIndex))
  }

  /// The stored names of the kinds out of scope, whose pending reminders the change leaves alone.
  public var kindsLeftAlone: [String] {
    Planner.kinds.indices.filter { !kinds.contains($0) }.map { Planner.kinds[$0].storedName }
  }

  /// The request ids of the one task's reminders, planned now or not (`isOneTask`): its pending
  /// reminders, whatever their instants.
  public var requestsOfTheTask: [String] {
    precondition(isOneTask, "only a change of one task is scoped by request id")
    return kinds.map { Planner.kinds[$0].identifier(owner: 0, in: context) }
  }
}
