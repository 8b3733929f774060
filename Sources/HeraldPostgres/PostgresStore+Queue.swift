import Foundation
import HeraldCore
import HeraldPostgresConnections
import PostgresNIO

/// The delivery queue: workers claim due rows with `FOR UPDATE SKIP LOCKED` — two workers never
/// wait for each other nor take the same row — as a lease, so the rows of a worker that died are
/// anyone's again when it ends.
extension PostgresStore {
  /// Claims up to `limit` deliveries due by `now + ahead`, in the queue's order (soonest
  /// first), until `now + lease`; with `after`, only those after that place. A worker that took
  /// every claimable row up to a place claims after it next: the index is then read from there,
  /// not through every row it holds in flight and the dead entries of those just delivered —
  /// at a steady rate, and in a backlog, most of what a claim from the earliest pending row reads.
  public func claim(
    now: Date, limit: Int, lease: TimeInterval, ahead: TimeInterval = 0, after: QueuePlace? = nil
  ) async throws -> [ClaimedDelivery] {
    let leaseEnds = now.addingTimeInterval(lease)
    let horizon = now.addingTimeInterval(ahead)
    let after = after ?? .start
    // `due_at >= after.dueAt` says nothing the row comparison does not, but with it PostgreSQL
    // estimates the rows of a time range: for the row comparison alone it expected several
    // times more, and joined them to the table by reading all of it (12 ms a claim at a steady
    // 1 000/s, measured, where a look-up by id takes 0.5).
    let query: PostgresQuery = """
      WITH due AS (
        SELECT id, claimed_until IS NOT NULL AS taken_over FROM delivery
        WHERE status = 'pending' AND due_at <= \(horizon)
          AND due_at >= \(after.dueAt) AND (due_at, id) > (\(after.dueAt), \(after.id))
          AND (claimed_until IS NULL OR claimed_until <= \(now))
        ORDER BY due_at, id LIMIT \(limit)
        FOR UPDATE SKIP LOCKED)
      UPDATE delivery AS d SET claimed_until = \(leaseEnds), attempts = d.attempts + 1
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.user_id, d.request_id, d.fire_at, d.kind, d.attempts, d.due_at, d.requeued_at,
        due.taken_over
      """
    return try await client.withConnection { connection in
      let rows = try await connection.query(query, preparedAs: Claim.self, logger: logger)
      var claimed: [ClaimedDelivery] = []
      for try await (id, user, requestID, fireDate, kind, attempts, dueAt, requeuedAt, takenOver)
        in rows.decode((Int64, Int64, String, Date, String, Int32, Date, Date?, Bool).self)
      {
        claimed.append(
          ClaimedDelivery(
            id: id, user: user, requestID: requestID, fireDate: fireDate, kindName: kind,
            attempt: Int(attempts), leaseEnds: leaseEnds, dueAt: dueAt, requeuedAt: requeuedAt,
            takenOver: takenOver))
      }
      return claimed.sorted { $0.place < $1.place }
    }
  }

  /// The claim, prepared: at a steady rate a worker claims a few rows many times a second, and
  /// planning each took PostgreSQL 0.16 ms (`pg_stat_statements`). Its plan for any values reads
  /// `delivery_due` from the place and finds the rows by id, as the plans made for each call did.
  enum Claim: PreparedStatementName {}

  /// Extends the claim on `claimed` until `leaseEnds`, if it is still this worker's: not taken
  /// over by another worker (which counted an attempt) nor finished. Returns the renewed claim, or
  /// nil when it is no longer this worker's to send.
  public func renew(_ claimed: ClaimedDelivery, until leaseEnds: Date) async throws -> ClaimedDelivery? {
    try await client.withConnection { connection in
      let rows = try await connection.query(
        """
        UPDATE delivery SET claimed_until = \(leaseEnds)
        WHERE id = \(claimed.id) AND status = 'pending' AND attempts = \(claimed.attempt)
          AND claimed_until IS NOT NULL
        RETURNING id
        """, logger: logger
      ).collect()
      guard !rows.isEmpty else { return nil }
      var renewed = claimed
      renewed.leaseEnds = leaseEnds
      return renewed
    }
  }

  /// Gives claims back untried (their attempt not counted): to be claimed again from `at` (nil:
  /// when they were due, and the workers are told at once) by any worker. Claims no longer this
  /// worker's are left alone.
  public func release(_ claims: [ClaimedDelivery], retryAt at: Date?) async throws {
    guard !claims.isEmpty else { return }
    try await execute(
      """
      WITH released AS (
        UPDATE delivery AS d SET claimed_until = NULL, attempts = d.attempts - 1, due_at = coalesce(\(at), d.due_at)
        FROM unnest(\(claims.map(\.id))::bigint[], \(claims.map { Int32($0.attempt) })::integer[]) AS c (id, attempts)
        WHERE d.id = c.id AND d.attempts = c.attempts AND d.status = 'pending'
        RETURNING d.id)
      SELECT pg_notify(\(PostgresSchema.channel), '')
      WHERE \(at)::timestamptz IS NULL AND EXISTS (SELECT FROM released)
      """)
  }

  /// When a worker idle at `now` should look again: the earliest pending row's time, or the end
  /// of a claim that may have been left by a dead worker; nil when nothing is pending.
  /// The earliest time a pending row is due after `horizon` (claimed or not: past a claim's
  /// horizon, rows are not claimed yet), from the queue's index: cheap, unlike `nextWake`, which
  /// also looks at every claim's end.
  public func nextDue(after horizon: Date) async throws -> Date? {
    try await client.withConnection { connection in
      let query: PostgresQuery =
        "SELECT min(due_at) FROM delivery WHERE status = 'pending' AND due_at > \(horizon)"
      for try await due in try await connection.query(query, preparedAs: NextDue.self, logger: logger)
        .decode(Date?.self)
      {
        return due
      }
      return nil
    }
  }

  enum NextDue: PreparedStatementName {}

  public func nextWake(after now: Date) async throws -> Date? {
    try await client.withConnection { connection in
      let rows = try await connection.query(
        """
        SELECT least(
          (SELECT min(due_at) FROM delivery
           WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= \(now))),
          (SELECT min(claimed_until) FROM delivery WHERE status = 'pending' AND claimed_until > \(now)))
        """, logger: logger)
      for try await wake in rows.decode(Date?.self) { return wake }
      return nil
    }
  }

  /// The queue at `now`: how many pending rows are due (their time, or their retry's, has come)
  /// and the earliest of their times — how long the oldest has waited is the alert operators
  /// watch. Rows claimed ahead and not yet due are not counted.
  public func queueStatus(now: Date) async throws -> QueueStatus {
    try await client.withConnection { connection in
      let rows = try await connection.query(
        "SELECT count(*), min(due_at) FROM delivery WHERE status = 'pending' AND due_at <= \(now)",
        logger: logger)
      for try await (count, oldest) in rows.decode((Int64, Date?).self) {
        return QueueStatus(dueRows: Int(count), oldestDue: oldest)
      }
      return QueueStatus(dueRows: 0, oldestDue: nil)
    }
  }

  /// What the user's delivery log says of `keys`: shown, or recorded as missed.
  public func statuses(ofUser user: Int64, _ keys: [DeliveryKey]) async throws -> [DeliveryKey:
    DeliveryStatus]
  {
    guard !keys.isEmpty else { return [:] }
    return try await client.withConnection { connection in
      let rows = try await connection.query(
        """
        SELECT d.request_id, d.fire_at, d.status FROM delivery AS d
        JOIN unnest(\(keys.map(\.requestID))::text[], \(keys.map(\.fireDate))::timestamptz[]) AS k (request_id, fire_at)
          ON d.request_id = k.request_id AND d.fire_at = k.fire_at
        WHERE d.user_id = \(user) AND d.status IN ('delivered', 'missed')
        """, logger: logger)
      var found: [DeliveryKey: DeliveryStatus] = [:]
      for try await (requestID, fireDate, status) in rows.decode((String, Date, String).self) {
        found[DeliveryKey(requestID: requestID, fireDate: fireDate)] = DeliveryStatus(rawValue: status)
      }
      return found
    }
  }

  /// Tells the servers' delivery streams that these users have new deliveries (one NOTIFY for a
  /// batch; a payload holds at most 8 000 bytes, so many names go in several).
  public func announceDeliveries(toUsers names: Set<String>) async throws {
    var chunk = ""
    for name in names.sorted() {
      if chunk.utf8.count + name.utf8.count + 1 > 7_900 {
        try await execute("SELECT pg_notify(\(PostgresSchema.deliveredChannel), \(chunk))")
        chunk = ""
      }
      chunk += chunk.isEmpty ? name : "\n" + name
    }
    if !chunk.isEmpty {
      try await execute("SELECT pg_notify(\(PostgresSchema.deliveredChannel), \(chunk))")
    }
  }
}
