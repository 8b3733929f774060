import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// What was delivered today, as the History page lists it: each entry of the delivery log whose
/// reminder fired since today's midnight, with what it said (its kind's content, from the data as
/// it is now), its style, where it is shown still, and the answer given — or the buttons that can
/// still give it. The log keeps a reminder's id and instants, not its text: a title changed since
/// shows as it reads now.
struct DeliveryHistory {
  /// The answer a delivered reminder got.
  enum Answer: Sendable, Hashable {
    /// Waiting for an answer: these buttons can still give it.
    case awaiting([NotificationAction])
    case done
    case snoozed
    case missed
    /// Shown; nothing to answer.
    case shown
  }

  struct Entry: Sendable {
    var record: DeliveryRecord
    var content: NotificationContent?
    var answer: Answer
    /// The desktop has it on screen now.
    var onDesktop: Bool
  }

  let entries: [Entry]

  /// Today's deliveries in `store`, latest first.
  init(store: SQLiteStore, state: PlanningState, now: Date) throws {
    let zone = state.timeZone
    let midnight = zone.instant(on: zone.day(at: now), at: .midnight)
    let awaited = try store.awaitedAnswers()
    let onScreen = Set(try store.desktopNotifications().map(\.slot))
    let context = PlanningContext(state: state, now: now, limits: .unlimited)
    var replaced: Set<String> = []
    entries = try store.deliveries(firingFrom: midnight).filter { $0.fireDate <= now }.reversed().map {
      record -> Entry in
      guard let due = Self.due(record, in: context) else {
        return Entry(
          record: record, content: nil, answer: record.status == .missed ? .missed : .shown, onDesktop: false)
      }
      // Only the latest reminder in a slot (a movement break's, a task's) can still be answered:
      // each one shown replaced the one before it.
      let isLatest = record.status == .missed || replaced.insert(due.slot).inserted
      return Entry(
        record: record, content: due.notification.content,
        answer: isLatest ? Self.answer(record, due, awaited: awaited, state: state) : .shown,
        onDesktop: isLatest && onScreen.contains(due.slot))
    }
  }

  /// The reminder a log entry records, as its kind delivers it (nil when its owner is gone).
  static func due(_ record: DeliveryRecord, in context: PlanningContext) -> DueReminder? {
    Planner.kinds.lazy.compactMap { kind in
      Planner.reminder(
        ofKind: kind.storedName, identifier: record.requestID, fireDate: record.fireDate, in: context)
    }.first.map { Planner.due($0, in: context) }
  }

  /// The delivery still waiting for `action` on the reminder `requestID` fired at `fireDate`: what
  /// it waits for, when it waits still and offers `action`; nil otherwise.
  static func awaiting(
    requestID: String, fireDate: Date, action: NotificationAction, store: SQLiteStore, state: PlanningState,
    now: Date
  ) throws -> AwaitedAnswer? {
    let record = DeliveryRecord(
      requestID: requestID, fireDate: fireDate, status: .delivered, deliveredAt: nil, late: false)
    guard let due = due(record, in: PlanningContext(state: state, now: now, limits: .unlimited)),
      case .awaiting(let actions) = answer(record, due, awaited: try store.awaitedAnswers(), state: state),
      actions.contains(action), let awaiting = due.awaiting
    else { return nil }
    return awaiting
  }

  private static func answer(
    _ record: DeliveryRecord, _ due: DueReminder, awaited: [String: AwaitedAnswer], state: PlanningState
  ) -> Answer {
    guard record.status != .missed else { return .missed }
    guard let awaiting = due.awaiting else { return .shown }
    if awaiting.isGiven(in: state) { return .done }
    if let snoozed = state.movementLog?.snoozedAt, case .movementBreak = awaiting,
      snoozed >= (record.deliveredAt ?? record.fireDate)
    {
      return .snoozed
    }
    // Only the reminder on screen in its slot waits; an older one was replaced.
    guard awaited[due.slot] == awaiting else { return .shown }
    let buttons = due.actions.filter { $0 == .done || $0 == .snooze }
    return buttons.isEmpty ? .shown : .awaiting(buttons)
  }
}
