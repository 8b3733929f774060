import Foundation
import HeraldCore
import HeraldPostgresConnections
import Logging
import PostgresNIO

extension PostgresStore {
  /// "Done" or "snooze" pressed on a user's movement reminder — the one `requestID` that fired at
  /// `fireDate` (to the second: a notification's link carries whole seconds) — as the desktop's
  /// buttons answer it for one person: by the core's rules (`MovementLog.recordAcknowledged`,
  /// `recordSnoozed`) the user's movement log changes, and their chain of movement reminders is
  /// planned again from `now` (a snooze's repeat five minutes on; no follow-up after either), in
  /// one transaction holding the user's row lock, as a delivery's record changes them.
  ///
  /// False, and nothing changed, when that reminder is no longer the latest movement reminder the
  /// user was shown (a later one replaced it on their screens), when no reminder waits for an
  /// answer, and for a snooze of one already answered (each press would push its repeat later).
  public func answerMovement(
    _ action: NotificationAction, requestID: String, firedAt fireDate: Date, ofUser user: Int64, at now: Date
  ) async throws -> Bool {
    guard action == .done || action == .snooze else { return false }
    let logger = logger
    return try await transaction { connection in
      var state = try await Self.planningState(
        connection, user: user, lock: true, taskRows: false, logger: logger)
      let context = PlanningContext(state: state, now: now, limits: .unlimited)
      guard
        let shown = try await Self.latestMovementReminder(
          connection, user: user, since: now - 86_400, context, logger: logger),
        shown.requestID == requestID,
        shown.fireDate.timeIntervalSince1970.rounded(.down) == fireDate.timeIntervalSince1970.rounded(.down)
      else { return false }
      var log = state.movementLog ?? MovementLog()
      let changed =
        action == .done
        ? log.recordAcknowledged(at: now, zone: state.timeZone)
        : !log.lastReminderAnswered && log.recordSnoozed(at: now)
      guard changed else { return false }
      state.movementLog = log
      try await Self.store([(user, log)], connection, logger: logger)
      try await Self.replanChains([(user, state, now)], connection, logger: logger)
      return true
    }
  }

  /// The latest reminder delivered to `user` since `since` that waits for a movement break's
  /// answer: what their screens show in its place.
  private static func latestMovementReminder(
    _ connection: DatabaseConnection, user: Int64, since: Date, _ context: PlanningContext, logger: Logger
  ) async throws -> DeliveryKey? {
    let rows = try await connection.query(
      """
      SELECT request_id, fire_at, kind FROM delivery
      WHERE user_id = \(user) AND status = 'delivered' AND fire_at >= \(since)
      ORDER BY fire_at DESC, id DESC LIMIT 50
      """, logger: logger
    ).collect()
    for row in rows {
      let (requestID, fireAt, kindName) = try row.decode((String, Date, String).self)
      guard let index = Planner.kindIndex(named: kindName) else { continue }
      let kind = Planner.kinds[Int(index)]
      guard let owner = kind.owner(ofIdentifier: requestID, in: context),
        case .movementBreak? = kind.awaitedAnswer(owner: owner, in: context)
      else { continue }
      return DeliveryKey(requestID: requestID, fireDate: fireAt)
    }
    return nil
  }
}
