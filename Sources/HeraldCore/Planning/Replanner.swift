import Foundation

/// The one replanner: turns a change of a user's data — a task added or removed, a block moved, a
/// calendar read, a delivery recorded, a zone or clock change — into the change of their pending
/// reminders (`PlanChange`) that the daemon, the server and the workers apply.
///
/// A change replans only the kinds that read what it changed (`ReminderKind.reads`): a block moved
/// leaves the tasks' reminders as they are, however many tasks there are, and a movement reminder
/// come due moves its chain on without the rest. A property test checks that the pending
/// reminders a series of changes leaves are those of the whole plan.
public enum Replanner {
  /// The kinds a change of only `changed` moves, replanned from `context.now`. With `.all` (the
  /// settings, zone or language changed, or the data whole), the whole plan.
  public static func change(_ context: PlanningContext, affectedBy changed: PlanInputs) -> PlanChange {
    let kinds = Planner.kinds(affectedBy: changed)
    return PlanChange(context: context, kinds: kinds, reminders: Planner.schedule(context, kinds: kinds))
  }

  /// The change from the plan made in `previous` to one of `state` at `now`: the kinds that read
  /// the parts of the data that differ (`inputs(changedFrom:to:)`), with the rolling kinds'
  /// parts once time moved on (a chain plans its next reminder from `now`); or the whole plan when
  /// there is no previous plan, its limits differ, or time went back (what fell due between is
  /// due again, and the delivery log says what was handled).
  public static func change(
    from previous: PlanningContext?, to state: PlanningState, now: Date, limits: Limits
  ) -> PlanChange {
    let context = PlanningContext(state: state, now: now, limits: limits)
    guard let previous, previous.limits == limits, now >= previous.now else {
      return change(context, affectedBy: .all)
    }
    var changed = inputs(changedFrom: previous.state, to: state)
    if now > previous.now { changed.formUnion(rollingInputs) }
    // A batch of tasks is the nearest due from `now`: it moves with time.
    if limits.dueDateTaskBatch != nil, now != previous.now { changed.insert(.tasks) }
    return change(context, affectedBy: changed)
  }

  /// The change of the one task `task`, added or changed in `state` (which need not hold the
  /// other tasks): its reminders planned without the rest, in a context of its own where it is
  /// at position 0. A task's reminders depend on the task, the settings and the zone alone when no
  /// batch limits which tasks get them (`Limits.unlimited`, as on a server), so a change of one
  /// task costs the same however many are stored.
  public static func change(ofTask task: TodoItem, in state: PlanningState, now: Date) -> PlanChange {
    let context = taskAlone(task, in: state, now: now)
    return PlanChange(
      context: context, kinds: Planner.taskKinds, isOneTask: true,
      reminders: Planner.schedule(context, kinds: Planner.taskKinds))
  }

  /// The change of the one task `task` removed from `state`: none of its reminders is wanted.
  public static func change(removing task: TodoItem, from state: PlanningState, now: Date) -> PlanChange {
    PlanChange(
      context: taskAlone(task, in: state, now: now), kinds: Planner.taskKinds, isOneTask: true, reminders: [])
  }

  /// The parts of the data that differ between `old` and `new`, as the kinds read them: `.all`
  /// when the settings, the zone (its rules too) or the language differ, which every kind reads.
  public static func inputs(changedFrom old: PlanningState, to new: PlanningState) -> PlanInputs {
    guard old.timeZone == new.timeZone, old.language == new.language, old.settings == new.settings else {
      return .all
    }
    var changed: PlanInputs = []
    if old.focusBlocks != new.focusBlocks { changed.insert(.focusBlocks) }
    if old.tasks != new.tasks { changed.insert(.tasks) }
    if old.movement != new.movement || old.movementLog != new.movementLog { changed.insert(.movement) }
    return changed
  }

  /// What the rolling kinds read (`ReminderKind.isRolling`): each plans its next reminder only
  /// from `now`, so time moving on moves them.
  static let rollingInputs = Planner.kinds.filter(\.isRolling).reduce(PlanInputs()) { $0.union($1.reads) }

  /// A context holding `task` alone, with `state`'s zone, language and settings.
  private static func taskAlone(_ task: TodoItem, in state: PlanningState, now: Date) -> PlanningContext {
    let alone = PlanningState(
      timeZone: state.timeZone, language: state.language, settings: state.settings, tasks: [task])
    return PlanningContext(state: alone, now: now, limits: .unlimited)
  }
}
