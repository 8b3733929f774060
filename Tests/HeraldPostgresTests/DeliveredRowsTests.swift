import Foundation
import PostgresNIO
import Testing

@testable import HeraldPostgres

/// Recording delivered rows (`DeliveredRows.statement`, what a worker's batch of outcomes
/// writes) on a table PostgreSQL has no statistics of yet.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DeliveredRowsTests {
  /// A new install's first import: 20 000 rows of 1 000 users, never analyzed. A batch of 1 000
  /// of them is numbered in its users' streams by joining the batch to the counters once — not
  /// by scanning the counters again for each row, as PostgreSQL planned it when it took the table
  /// for a few rows (999 000 comparisons for this batch).
  @Test func aBatchRecordedBeforeAnyStatisticsJoinsItsCountersOnce() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { _ in }
      for table in ["delivery", "delivery_event_counter"] {
        try await TestDatabase.admin(url, "ALTER TABLE \(table) SET (autovacuum_enabled = false)")
      }
      try await TestDatabase.admin(
        url,
        """
        INSERT INTO herald_user (name, time_zone, locale, webhook_secret, scenario, created_at)
        SELECT 'user-' || g, 'UTC', 'de', 'secret', '{}', now() FROM generate_series(1, 1000) AS g
        """)
      try await TestDatabase.admin(
        url,
        """
        INSERT INTO delivery (user_id, request_id, fire_at, kind, due_at)
        SELECT u.id, 'r' || g, now() + g * interval '1 ms', 'focus-block-start', now() + g * interval '1 ms'
        FROM herald_user AS u, generate_series(1, 20) AS g
        """)
      // The premise: PostgreSQL knows nothing of the table.
      #expect(
        try await TestDatabase.column(url, "SELECT reltuples::text FROM pg_class WHERE relname = 'delivery'")
          == ["-1"])

      var batch = DeliveredRows()
      for row in try await TestDatabase.column(
        url, "SELECT id || ' ' || user_id FROM delivery ORDER BY due_at, id LIMIT 1000")
      {
        let fields = (row ?? "").split(separator: " ").compactMap { Int64($0) }
        try #require(fields.count == 2)
        batch.ids.append(fields[0])
        batch.users.append(fields[1])
        batch.at.append(Date())
        batch.late.append(false)
        batch.payloads.append("{}")
      }
      let statement = batch.statement
      let plan = try await TestDatabase.column(
        url, "EXPLAIN (ANALYZE, FORMAT JSON) " + statement.sql, binds: statement.binds)
      let parsed = try JSONSerialization.jsonObject(with: Data((plan.first.flatMap { $0 } ?? "").utf8))
      #expect(Self.sum("Actual Rows", in: parsed) > 0, "an executed plan")
      let compared = Self.sum("Rows Removed by Join Filter", in: parsed)
      #expect(compared < 1000, "\(compared) rows compared and dropped in a join")

      // And it recorded them: each user's rows numbered 1, 2, … in their stream.
      let numbered = try await TestDatabase.column(
        url,
        """
        SELECT count(*)::text FROM delivery WHERE status = 'delivered'
          AND event_id = (SELECT count(*) FROM delivery AS e WHERE e.user_id = delivery.user_id
            AND e.status = 'delivered' AND e.id <= delivery.id)
        """)
      #expect(numbered == ["1000"])
    }
  }

  /// The sum of `field` over every node of a plan (`EXPLAIN (FORMAT JSON)`, parsed).
  static func sum(_ field: String, in plan: Any) -> Int {
    if let object = plan as? [String: Any] {
      return (object[field] as? Int ?? 0) + object.values.map { sum(field, in: $0) }.reduce(0, +)
    }
    if let array = plan as? [Any] { return array.map { sum(field, in: $0) }.reduce(0, +) }
    return 0
  }
}
