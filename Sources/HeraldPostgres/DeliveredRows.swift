import Foundation
import PostgresNIO

/// Rows delivered, to record in one statement.
struct DeliveredRows {
  var ids: [Int64] = []
  var users: [Int64] = []
  var at: [Date] = []
  var late: [Bool] = []
  var payloads: [String] = []

  /// Records the rows still pending as delivered; returns their ids. Each user's counter moves
  /// on by their number of rows in one step (its row lock orders the users' recordings across
  /// workers); each row takes its place in that range.
  ///
  /// `d.id = ANY(…)` repeats the join's condition so that the rows are found by their key: joined
  /// to the input alone, PostgreSQL read the whole table into a hash for every batch (15 % of its
  /// CPU in a backlog, measured) while the table was small enough for that to look cheaper.
  ///
  /// Each row's number is worked out before the update, from the input and the counters alone
  /// (`numbered`, materialized). In one join with the table, a table without statistics yet (a
  /// new install's first import, until autovacuum's next visit) was taken to give a few rows, and
  /// the counters were scanned once for each of them: a million comparisons for 1 000 rows, seven
  /// times the statement's time with statistics. Not prepared: PostgreSQL's plan for any values
  /// (measured with the statement before `numbered`) expected a few rows from each array, and
  /// joined hundreds to the counters row by row.
  var statement: PostgresQuery {
    """
    WITH input AS (
      SELECT i.*, row_number() OVER (PARTITION BY i.user_id ORDER BY i.n) AS rank,
        count(*) OVER (PARTITION BY i.user_id) AS total
      FROM unnest(\(ids)::bigint[], \(users)::bigint[], \(at)::timestamptz[], \(late)::boolean[],
        \(payloads)::text[]) WITH ORDINALITY AS i (id, user_id, delivered_at, late, payload, n)),
    counters AS (
      INSERT INTO delivery_event_counter AS c (user_id, last)
      SELECT user_id, count(*) FROM input GROUP BY user_id ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET last = c.last + excluded.last
      RETURNING user_id, last),
    numbered AS MATERIALIZED (
      SELECT i.id, i.delivered_at, i.late, i.payload, c.last - i.total + i.rank AS event_id
      FROM input AS i JOIN counters AS c ON c.user_id = i.user_id)
    UPDATE delivery AS d SET status = 'delivered', delivered_at = n.delivered_at, late = n.late,
      claimed_until = NULL, payload = n.payload, event_id = n.event_id
    FROM numbered AS n
    WHERE d.id = n.id AND d.id = ANY(\(ids)::bigint[]) AND d.status = 'pending'
    RETURNING d.id
    """
  }
}
