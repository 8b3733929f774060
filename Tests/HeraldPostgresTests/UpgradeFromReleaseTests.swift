import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport
import Testing

/// A database as the release before stable names left it (commit 20a9532, schema v13: a
/// delivery's kind a position in that build's `Planner.kinds`, its owner a position in the user's
/// lists), upgraded by this build's migrations: every pending reminder is the one it was — the
/// same request id, fire instant, kind and owner — as a worker claims and reads it. The fixture
/// and what that release read of it come from `Fixtures/make-release-20a9532.sh`.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct UpgradeFromReleaseTests {
  static let fixtures = HeraldProcess.repositoryRoot.appendingPathComponent(
    "Tests/HeraldPostgresTests/Fixtures")

  /// Loads a plain SQL dump into `url`'s database with psql (a dump is a script of psql's).
  static func load(_ dump: URL, into url: PostgresURL) throws {
    var environment = ProcessInfo.processInfo.environment
    if let password = url.password { environment["PGPASSWORD"] = password }
    let result = try Program.run(
      "psql",
      [
        "-v", "ON_ERROR_STOP=1", "-q", "-h", url.host, "-p", String(url.port), "-U", url.user, "-d",
        url.database,
        "-f", dump.path,
      ], environment: environment)
    guard result.status == 0 else {
      throw PostgresTestError("psql -f \(dump.lastPathComponent): \(result.status)")
    }
  }

  @Test func everyPendingReminderIsTheSameAfterTheUpgrade() async throws {
    let listed = try String(
      contentsOf: Self.fixtures.appendingPathComponent("release-20a9532.pending"), encoding: .utf8)
    let expected = listed.split(separator: "\n").map(String.init)
    // Every kind of that release, so every one is converted.
    #expect(Set(expected.map { $0.split(separator: " ")[3] }).count == 7)
    try await TestDatabase.withDatabase { url in
      try Self.load(Self.fixtures.appendingPathComponent("release-20a9532.sql"), into: url)
      #expect(
        try await TestDatabase.column(url, "SELECT max(name) FROM herald_migration WHERE name LIKE 'v13%'")
          == ["v13-zone-rules"])
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let stored = try await TestDatabase.column(
          url,
          """
          SELECT d.id || ' ' || u.name || ' ' || d.request_id || ' '
            || to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ' ' || d.kind
          FROM delivery d JOIN herald_user u ON u.id = d.user_id WHERE d.status = 'pending'
          """
        ).compactMap { $0 }
        // As a worker finds each: claimed, read with its user's data, its owner found by the id its
        // request names, and the request it makes the one stored.
        let claimed = try await store.claim(
          now: Date(timeIntervalSince1970: 4_000_000_000), limit: 1_000, lease: 60)
        let states = try await store.deliveryStates(for: claimed)
        var owners: [String: String] = [:]
        for row in claimed {
          let state = try #require(try states[row.user]?.get())
          let context = PlanningContext(state: state, now: row.fireDate, limits: .unlimited)
          let reminder = try #require(row.reminder(in: context), "\(row.requestID) \(row.kindName)")
          #expect(Planner.due(reminder, in: context).key == row.key)
          let owner = Int(reminder.owner)
          owners[String(row.id)] =
            reminder.kind is FocusBlockStartReminder
            ? state.focusBlocks[owner].id : reminder.kind.ownsTasks ? state.tasks[owner].id : "-"
        }
        let found = stored.map { row in
          let id = String(row.prefix { $0 != " " })
          return "\(row.dropFirst(id.count + 1)) \(owners[id] ?? "not claimed")"
        }
        #expect(found.sorted() == expected.sorted())
      }
      #expect(
        try await TestDatabase.column(
          url,
          "SELECT column_name FROM information_schema.columns WHERE table_name = 'delivery' AND column_name = 'owner'"
        ).isEmpty, "no owner column")
    }
  }
}
