import Foundation
import HeraldCore

/// The reminders a change wants (`PlanChange`) as the columns of the `delivery` rows, for the
/// statement that applies it, which passes them as arrays (`unnest`) in one round trip, whatever
/// their number: it adds those not there (`insert`) and takes the pending rows in the change's
/// scope that it no longer has away (`gone`, or by request id for a change of one task).
struct PlannedRows {
  /// Each row's user: only in rows for many users (`append(_:in:of:)`).
  var users: [Int64] = []
  var identifiers: [String] = []
  var fireDates: [Date] = []
  /// Each row's kind, by its stored name (`ReminderKind.storedName`).
  var kinds: [String] = []

  /// No rows.
  init() {}

  /// The rows `change` wants.
  init(_ change: PlanChange) {
    let context = change.context
    identifiers = change.reminders.map { $0.kind.identifier(owner: Int($0.owner), in: context) }
    fireDates = change.reminders.map(\.fireDate)
    kinds = change.reminders.map { $0.kind.storedName }
  }

  /// Adds the rows `change` wants as the rows of `user`.
  mutating func append(_ change: PlanChange, of user: Int64) {
    append(PlannedRows(change), of: user)
  }

  /// Adds `rows` (of no user) as the rows of `user`.
  mutating func append(_ rows: PlannedRows, of user: Int64) {
    users += repeatElement(user, count: rows.identifiers.count)
    identifiers += rows.identifiers
    fireDates += rows.fireDates
    kinds += rows.kinds
  }

  /// Adds the rows of a `plan` (user_id, request_id, fire_at, kind), each once: a row already
  /// there is left as it is (a delivered one stays delivered). A request id names its kind (each
  /// kind's ids are its own) and its owner (by the block's or task's id, which does not move), so
  /// the row there is the plan's: nothing to update, and no lock taken on it.
  static let insert = """
    INSERT INTO delivery (user_id, request_id, fire_at, kind, due_at)
    SELECT p.user_id, p.request_id, p.fire_at, p.kind, p.fire_at FROM plan AS p
    ON CONFLICT (user_id, request_id, fire_at) DO NOTHING
    """

  /// Removes the pending rows of the `input` users (user_id, since) due after their `since` that
  /// their `plan` no longer has, of every kind but those `left_alone` holds (kinds, an array).
  /// Each user's rows are found through the index on their id, whatever the planner estimates of
  /// the table: the fence, `OFFSET 0`, keeps it from joining them to the whole queue by a hash,
  /// and the status and kind are tested outside it, or an index of pending rows (`delivery_due`)
  /// can be read beside the user's, every pending row of every user for each user (with the
  /// statistics of a table just filled: 13 000 entries read a user, half a group's statement).
  static let gone = """
    DELETE FROM delivery AS d
    USING input AS i, LATERAL (
      SELECT o.id, o.status, o.kind FROM delivery AS o
      WHERE o.user_id = i.user_id AND o.fire_at > i.since
      OFFSET 0) AS o
    WHERE d.id = o.id AND o.status = 'pending' AND o.kind <> ALL((SELECT kinds FROM left_alone)::text[])
      AND NOT EXISTS (
        SELECT 1 FROM plan AS p
        WHERE p.user_id = d.user_id AND p.request_id = d.request_id AND p.fire_at = d.fire_at)
    """

  /// Whether a `plan`'s first row must wake the workers: it comes before every pending one (an
  /// idle worker sleeps until that), or within two seconds (a busy worker claims the rows due
  /// after those it last claimed; it looks before that for the news, or once a second).
  static let wakesWorkers = """
    (SELECT min(fire_at) FROM plan) < greatest(
      now() + interval '2 seconds',
      coalesce((SELECT min(due_at) FROM delivery WHERE status = 'pending'), 'infinity'))
    """
}
