import Foundation

/// Computes the plan: one path, used by the CLI, the daemon, the server and the tests.
public enum Planner {
  /// Every kind of reminder. A new kind is added here, and nowhere else; in any place: a kind's
  /// position is this process's cheap handle (`ScheduledReminder.kindIndex`), and nothing stored
  /// holds it (a kind is stored by its `storedName`).
  public static let kinds: [any ReminderKind] = [
    FocusBlockStartReminder(), DueDateMorningReminder(), DueDateAdvanceReminder(),
    RegularMovementReminder(), SnoozedMovementReminder(), MovementFollowUp(), MovementProgressReport(),
  ]

  /// The kinds' positions by their stored names, made once. Names are unique (a test says so);
  /// were two the same, the first would win.
  private static let kindIndices = Dictionary(
    kinds.indices.map { (kinds[$0].storedName, UInt8($0)) }, uniquingKeysWith: { first, _ in first })

  /// The position in `kinds` of the kind stored as `storedName`; nil when this build has none of
  /// that name (a row a later release wrote).
  public static func kindIndex(named storedName: String) -> UInt8? { kindIndices[storedName] }

  /// Every notification that should be pending at `now` under `limits`, soonest first (ties by
  /// id); those over the pending budget are deferred.
  public static func plan(_ state: PlanningState, now: Date, limits: Limits) -> Plan {
    let context = PlanningContext(state: state, now: now, limits: limits)
    let ordered = schedule(context).sorted { soonestFirst($0, $1, in: context) }
    let budget = min(limits.maximumPending ?? ordered.count, ordered.count)
    return Plan(
      now: now, pending: ordered[..<budget].map { notification(for: $0, in: context) },
      deferred: ordered[budget...].map { notification(for: $0, in: context) })
  }

  /// Every reminder wanted at `context.now`, as fire instants and owners (no budget applied),
  /// grouped by kind.
  public static func schedule(_ context: PlanningContext) -> [ScheduledReminder] {
    schedule(context, kinds: kinds.indices)
  }

  /// What the kinds at `indices` plan (`Replanner`: a change replans the kinds it moves).
  static func schedule(_ context: PlanningContext, kinds indices: some Sequence<Int>)
    -> [ScheduledReminder]
  {
    var scheduled: [ScheduledReminder] = []
    for index in indices {
      kinds[index].plan(in: context) { owner, fireDate in
        scheduled.append(ScheduledReminder(fireDate: fireDate, owner: Int32(owner), kindIndex: UInt8(index)))
      }
    }
    return scheduled
  }

  /// The kinds whose owners are tasks (`ReminderKind.ownsTasks`), by their index.
  public static let taskKinds = kinds.indices.filter { kinds[$0].ownsTasks }

  /// The kinds whose plan reads any of `changed` (`ReminderKind.reads`), by their index: those a
  /// change of only that part of a user's data can move (`Replanner`). With `.all` (the settings, zone or
  /// language changed, which every kind reads), every kind.
  public static func kinds(affectedBy changed: PlanInputs) -> [Int] {
    kinds.indices.filter { changed == .all || !kinds[$0].reads.isDisjoint(with: changed) }
  }

  /// The request of one scheduled reminder, as the plan at `context.now` has it.
  public static func notification(
    for reminder: ScheduledReminder, in context: PlanningContext
  ) -> PlannedNotification {
    let kind = reminder.kind
    let owner = Int(reminder.owner)
    let request = NotificationRequest(
      identifier: kind.identifier(owner: owner, in: context),
      content: kind.content(owner: owner, fireDate: reminder.fireDate, in: context),
      trigger: kind.trigger(owner: owner, fireDate: reminder.fireDate, in: context))
    return PlannedNotification(request: request, fireDate: reminder.fireDate)
  }

  /// The order of plans: soonest first, then by id. Ids are built only to break a tie.
  static func soonestFirst(_ a: ScheduledReminder, _ b: ScheduledReminder, in context: PlanningContext)
    -> Bool
  {
    guard a.fireDate == b.fireDate else { return a.fireDate < b.fireDate }
    return a.kind.identifier(owner: Int(a.owner), in: context)
      < b.kind.identifier(owner: Int(b.owner), in: context)
  }
}
