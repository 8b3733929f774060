import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPostgresConnections
import HeraldSQLite
import HeraldSystem
import HeraldTestSupport
import Testing

/// The many-user store on a real PostgreSQL: migrations under a lock, users, and a user's
/// deliveries reconciled with the core's plan in the transaction that changes their data.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresStoreTests {
  static let now = Fixtures.instant("2026-11-23T07:00:00Z")  // a Monday, 08:00 in Berlin

  static let scenario = """
    {
      "timeZone": "Europe/Berlin", "locale": "de",
      "focusBlocks": [
        {"id": "b1", "title": "Deep Work", "start": "2026-11-23T09:00:00+01:00", "end": "2026-11-23T10:30:00+01:00"},
        {"id": "b2", "title": "Review", "start": "2026-11-23T14:00:00+01:00", "end": "2026-11-23T15:00:00+01:00"}
      ],
      "tasks": [{"id": "t1", "title": "Steuer", "due": "2026-11-24T17:00:00+01:00"}]
    }
    """

  static func state(_ text: String = scenario) throws -> PlanningState {
    try ScenarioDocument.decode(Data(text.utf8))
  }

  /// The rows the table holds for `user`, as `requestID@fireDate status`, sorted.
  static func rows(_ url: PostgresURL, user: String) async throws -> [String] {
    try await TestDatabase.column(
      url,
      """
      SELECT d.request_id || '@' || to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' ' || d.status
      FROM delivery d JOIN herald_user u ON u.id = d.user_id WHERE u.name = '\(user)' ORDER BY 1
      """
    ).compactMap { $0 }
  }

  @Test func processesStartingTogetherMigrateOnce() async throws {
    try await TestDatabase.withDatabase { url in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask { try await PostgresStore.withStore(url, logger: TestDatabase.logger) { _ in } }
        }
        try await group.waitForAll()
      }
      let applied = try await TestDatabase.column(url, "SELECT name FROM herald_migration ORDER BY name")
      // Each once (in the order of their names: "v10" to "v14" sort before "v2").
      #expect(
        applied == [
          "v1-users-tokens-deliveries", "v10-delivery-room-to-claim", "v11-user-rows-kept-by-the-users-lock",
          "v12-account-changes-notified", "v13-zone-rules", "v14-kinds-by-name-owners-by-id", "v15-push",
          "v2-user-version", "v3-delivery-events",
          "v4-delivery-requeued", "v5-scenario-lz4", "v6-delivery-fillfactor", "v7-user-tasks",
          "v8-numbered-task-ids", "v9-queue-order",
        ])
      // Debian's PostgreSQL is built with lz4: the documents are compressed with it.
      let compression = try await TestDatabase.column(
        url,
        "SELECT attcompression::text FROM pg_attribute WHERE attrelid = 'herald_user'::regclass AND attname = 'scenario'"
      )
      #expect(compression == ["l"])
      let options = try await TestDatabase.column(
        url, "SELECT array_to_string(reloptions, ',') FROM pg_class WHERE relname = 'delivery'")
      #expect(options == ["fillfactor=50"])
      // The users' deliveries and tasks have no foreign key; their tokens, counters and devices do.
      let keys = try await TestDatabase.column(
        url, "SELECT conrelid::regclass::text FROM pg_constraint WHERE contype = 'f' ORDER BY 1")
      #expect(keys == ["api_token", "delivery_event_counter", "push_subscription"])
    }
  }

  @Test func aUserIsAddedListedAndRemovedWithTheirData() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let token = try await store.addUser(
          name: "ada", timeZone: Fixtures.zone("Europe/Berlin"), language: .en,
          webhook: URL(string: "http://127.0.0.1:9/hook"), at: Self.now)
        #expect(token.hasPrefix("hrld_") && token.count == 48)
        _ = try await store.addUser(name: "bob", timeZone: .utc, language: .de, webhook: nil, at: Self.now)
        let duplicate = await #expect(throws: RecordError.self) {
          try await store.addUser(name: "ada", timeZone: .utc, language: .de, webhook: nil, at: Self.now)
        }
        #expect(duplicate?.description == "user ada: already exists")
        let users = try await store.users()
        #expect(users.map(\.name) == ["ada", "bob"])
        #expect(users[0].timeZone.identifier == "Europe/Berlin" && users[0].language == .en)
        #expect(users[0].webhookSecret.description.hasPrefix("whsec_"))
        try await store.replaceData(ofUser: "ada", with: Self.state(), now: Self.now)
        try await store.removeUser(named: "ada")
        #expect(try await store.users().map(\.name) == ["bob"])
        let missing = await #expect(throws: RecordError.self) { try await store.removeUser(named: "ada") }
        #expect(missing?.description == "user ada: no such user")
      }
      #expect(try await TestDatabase.column(url, "SELECT count(*)::text FROM delivery") == ["0"])
      #expect(try await TestDatabase.column(url, "SELECT count(*)::text FROM user_task") == ["0"])
      #expect(try await TestDatabase.column(url, "SELECT count(*)::text FROM api_token") == ["1"])
    }
  }

  @Test func theTableHoldsThePlanOnceAndFollowsChanges() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        _ = try await store.addUser(name: "ada", timeZone: .utc, language: .de, webhook: nil, at: Self.now)
        let state = try Self.state()
        try await store.replaceData(ofUser: "ada", with: state, now: Self.now)
        // What the core plans, unlimited, in the user's zone: each once.
        let plan = Planner.plan(state, now: Self.now, limits: .unlimited)
        let expected = plan.pending.map { "\($0.identifier)@\(RFC3339.utcString($0.fireDate)) pending" }
          .sorted()
        #expect(expected.count == 3)  // two block starts, the task's morning reminder
        #expect(try await Self.rows(url, user: "ada") == expected)
        // Again: nothing changes.
        try await store.replaceData(ofUser: "ada", with: state, now: Self.now)
        #expect(try await Self.rows(url, user: "ada") == expected)
        // The second block removed: its reminder goes, the rest stays.
        var changed = state
        changed.focusBlocks.removeAll { $0.id == "b2" }
        try await store.replaceData(ofUser: "ada", with: changed, now: Self.now)
        #expect(
          try await Self.rows(url, user: "ada") == expected.filter { !$0.contains("focus-block-start-b2") })
        // The user's zone is the document's.
        #expect(try await store.user(named: "ada").timeZone.identifier == "Europe/Berlin")
      }
    }
  }

  @Test func aBadURLNamesTheProblem() throws {
    #expect(
      throws: FieldError("", "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, got \"mysql://x\"")
    ) {
      try PostgresURL("mysql://x")
    }
    #expect(throws: FieldError("", "no database: expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")) {
      try PostgresURL("postgres://herald@localhost")
    }
    let url = try PostgresURL("postgresql://he%40rald:s%3Acret@db.example:6543/herald")
    #expect(url.user == "he@rald" && url.password == "s:cret" && url.port == 6543 && url.database == "herald")
    #expect(url.description == "postgres://he@rald@db.example:6543/herald")
  }

  @Test func anUnreachableServerIsOneLine() async throws {
    let url = try PostgresURL("postgres://herald@127.0.0.1:1/herald")
    let error = await #expect(throws: EnvironmentError.self) {
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { _ in }
    }
    #expect(error?.tried == "opening the database postgres://herald@127.0.0.1:1/herald")
  }
}
