import Foundation
import HeraldCore
import PostgresNIO

/// Recording many outcomes at once: what a worker buffers for a few milliseconds is written in one
/// transaction of at most three statements, whatever their number — the cost of a commit shared
/// by hundreds of deliveries (River's and graphile-worker's batch completers do the same).
extension PostgresStore {
  /// Whether `outcome` of `claimed` can be recorded in a batch: it changes nothing but its own row
  /// (no movement log to update, no chain to replan). Others go through `finish`.
  public static func isBatchable(_ claimed: ClaimedDelivery, _ outcome: DeliveryOutcome) -> Bool {
    guard outcome.effects.isEmpty else { return false }
    return !(claimed.reminder.kindIndex < Planner.kinds.count && claimed.reminder.kind.isRolling)
  }

  /// Records batchable outcomes (`isBatchable`) in one transaction. As `finish` does, a row is
  /// changed only while pending, and a retry or failure only while the claim is still the
  /// worker's; a delivered row is numbered in its user's stream in the order given.
  public func finishAll(_ items: [(ClaimedDelivery, DeliveryOutcome)]) async throws {
    var delivered: (ids: [Int64], users: [Int64], at: [Date], late: [Bool], payloads: [String]) = (
      [], [], [], [], []
    )
    // No due instant or error is the epoch or "" (arrays of optionals do not bind).
    var others: (ids: [Int64], attempts: [Int32], statuses: [String], due: [Date], errors: [String]) = (
      [], [], [], [], []
    )
    var withdrawn: [Int64] = []
    for (claimed, outcome) in items {
      switch outcome {
      case .delivered(let at, let late, _, let record):
        delivered.ids.append(claimed.id)
        delivered.users.append(claimed.user)
        delivered.at.append(at)
        delivered.late.append(late)
        delivered.payloads.append(record)
      case .withdrawn:
        withdrawn.append(claimed.id)
      case .retry(let at, let error):
        others.ids.append(claimed.id)
        others.attempts.append(Int32(claimed.attempt))
        others.statuses.append("pending")
        others.due.append(at)
        others.errors.append(error)
      case .failed(let error):
        others.ids.append(claimed.id)
        others.attempts.append(Int32(claimed.attempt))
        others.statuses.append("failed")
        others.due.append(Date(timeIntervalSince1970: 0))
        others.errors.append(error)
      case .missed, .skipped, .silenced:
        others.ids.append(claimed.id)
        others.attempts.append(-1)
        others.statuses.append(outcome.status)
        others.due.append(Date(timeIntervalSince1970: 0))
        others.errors.append("")
      }
    }
    try await transaction { connection in
      if !delivered.ids.isEmpty {
        // Each user's counter moves on by their number of rows in one step (its row lock orders
        // the users' recordings across workers); each row takes its place in that range.
        try await connection.query(
          """
          WITH input AS (
            SELECT i.*, row_number() OVER (PARTITION BY i.user_id ORDER BY i.n) AS rank,
              count(*) OVER (PARTITION BY i.user_id) AS total
            FROM unnest(\(delivered.ids)::bigint[], \(delivered.users)::bigint[], \(delivered.at)::timestamptz[],
              \(delivered.late)::boolean[], \(delivered.payloads)::text[]) WITH ORDINALITY
              AS i (id, user_id, delivered_at, late, payload, n)),
          counters AS (
            INSERT INTO delivery_event_counter AS c (user_id, last)
            SELECT user_id, count(*) FROM input GROUP BY user_id ORDER BY user_id
            ON CONFLICT (user_id) DO UPDATE SET last = c.last + excluded.last
            RETURNING user_id, last)
          UPDATE delivery AS d SET status = 'delivered', delivered_at = i.delivered_at, late = i.late,
            claimed_until = NULL, payload = i.payload, event_id = c.last - i.total + i.rank
          FROM input AS i JOIN counters AS c ON c.user_id = i.user_id
          WHERE d.id = i.id AND d.status = 'pending'
          """, logger: logger)
      }
      if !others.ids.isEmpty {
        try await connection.query(
          """
          UPDATE delivery AS d SET status = i.status,
            due_at = coalesce(nullif(i.due_at, 'epoch'::timestamptz), d.due_at),
            last_error = coalesce(nullif(i.error, ''), d.last_error), claimed_until = NULL
          FROM unnest(\(others.ids)::bigint[], \(others.attempts)::integer[], \(others.statuses)::text[],
            \(others.due)::timestamptz[], \(others.errors)::text[]) AS i (id, attempts, status, due_at, error)
          WHERE d.id = i.id AND d.status = 'pending' AND (i.attempts < 0 OR d.attempts = i.attempts)
          """, logger: logger)
      }
      if !withdrawn.isEmpty {
        try await connection.query(
          "DELETE FROM delivery WHERE id = ANY(\(withdrawn)::bigint[]) AND status = 'pending'", logger: logger
        )
      }
    }
  }
}
