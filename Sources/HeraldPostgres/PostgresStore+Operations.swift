import Foundation
import HeraldCore
import HeraldContracts
import PostgresNIO

/// What an operator sees of the delivery queue and does with it: list deliveries, queue failed or
/// missed ones again.
extension PostgresStore {
  /// The latest deliveries (by fire instant, newest first), of one user or all, of one kind or all.
  public func deliveries(user name: String?, filter: DeliveryFilter?, limit: Int) async throws
    -> [DeliveryListing]
  {
    var userID: Int64?
    if let name { userID = try await user(named: name).id }
    let status: String? =
      switch filter {
      case nil, .late: nil
      case let filter?: filter.rawValue
      }
    let lateOnly = filter == .late
    return try await client.withConnection { connection in
      let rows = try await connection.query(
        """
        SELECT d.id, u.name, d.request_id, d.fire_at, d.status, d.attempts, d.due_at, d.delivered_at,
          coalesce(d.late, false), d.last_error
        FROM delivery AS d JOIN herald_user AS u ON u.id = d.user_id
        WHERE (\(userID)::bigint IS NULL OR d.user_id = \(userID))
          AND (\(status)::text IS NULL OR d.status = \(status))
          AND (NOT \(lateOnly) OR (d.status = 'delivered' AND d.late))
        ORDER BY d.fire_at DESC, d.id DESC LIMIT \(limit)
        """, logger: logger)
      var records: [DeliveryListing] = []
      for try await (id, user, requestID, fireDate, status, attempts, dueAt, deliveredAt, late, error)
        in rows.decode(
          (Int64, String, String, Date, String, Int32, Date, Date?, Bool, String?).self)
      {
        records.append(
          DeliveryListing(
            id: id, user: user, requestID: requestID, fireDate: fireDate, status: status,
            attempts: Int(attempts),
            dueAt: dueAt, deliveredAt: deliveredAt, late: late, lastError: error))
      }
      return records
    }
  }

  /// Queues failed or missed deliveries again, to be sent at once (late) by any worker, with a
  /// grace window counted from `now`: one by id, or all of a user's. Returns how many; a
  /// delivery that is neither failed nor missed is an error naming it.
  public func requeue(id: Int64?, user name: String?, now: Date) async throws -> Int {
    var userID: Int64?
    if let name { userID = try await user(named: name).id }
    if let id {
      let status = try await client.withConnection { connection -> String? in
        for try await status in try await connection.query(
          "SELECT status FROM delivery WHERE id = \(id)", logger: logger
        ).decode(String.self) {
          return status
        }
        return nil
      }
      guard let status else {
        throw RecordError(.notFound, subject: "delivery \(id)", problem: "no such delivery")
      }
      guard status == "failed" || status == "missed" else {
        throw RecordError(
          .conflict, subject: "delivery \(id)",
          problem: "is \(status); only failed or missed ones are retried")
      }
    }
    let count = try await transaction { connection in
      try await connection.query(
        """
        UPDATE delivery SET status = 'pending', due_at = \(now), requeued_at = \(now), attempts = 0,
          claimed_until = NULL
        WHERE status IN ('failed', 'missed')
          AND (\(id)::bigint IS NULL OR id = \(id)) AND (\(userID)::bigint IS NULL OR user_id = \(userID))
        RETURNING id
        """, logger: logger
      ).collect().count
    }
    if count > 0 { try await execute("SELECT pg_notify(\(PostgresSchema.channel), '')") }
    return count
  }
}
