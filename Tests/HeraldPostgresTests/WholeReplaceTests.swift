import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgresConnections
import HeraldSQLite
import HeraldTestSupport
import PostgresNIO
import Testing

@testable import HeraldPostgres

/// Users' whole data replaced together (`replaceData`, grouped by `GroupedWrites`): one statement
/// writes what each user's replace alone writes, and a user that is missing fails only their own.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct WholeReplaceTests {
  /// User `index`'s data: two blocks and two tasks, at times of their own, so no two plans are
  /// alike; `later` drops the second block and the first task (their rows must go).
  static func state(_ index: Int, later: Bool) throws -> PlanningState {
    var state = try PostgresStoreTests.state()
    let shift = Double(index * 600)
    state.focusBlocks = state.focusBlocks.map { block in
      var block = block
      block.start.addTimeInterval(shift)
      block.end.addTimeInterval(shift)
      return block
    }
    state.tasks.append(
      TodoItem(id: "t2", title: "Brief \(index)", due: state.tasks[0].due?.addingTimeInterval(shift)))
    if later {
      state.focusBlocks.removeLast()
      state.tasks.removeFirst()
    }
    return state
  }

  /// What a user's rows and task rows are, as text, without their name.
  static func written(_ url: PostgresURL, user: String) async throws -> [String] {
    let tasks = try await TestDatabase.column(
      url,
      """
      SELECT t.id || ' ' || t.position || ' ' || t.body FROM user_task t JOIN herald_user u ON u.id = t.user_id
      WHERE u.name = '\(user)' ORDER BY 1
      """)
    return try await PostgresStoreTests.rows(url, user: user) + tasks.compactMap { $0 }
  }

  @Test func usersReplacedTogetherAreWrittenAsEachAlone() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let now = PostgresStoreTests.now
        for index in 0..<3 {
          for name in ["alone-\(index)", "together-\(index)"] {
            _ = try await store.addUser(name: name, timeZone: .utc, language: .de, webhook: nil, at: now)
            try await store.replaceData(ofUser: name, with: Self.state(index, later: false), now: now)
          }
          try await store.replaceData(
            ofUser: "alone-\(index)", with: Self.state(index, later: true), now: now)
        }
        let replaces = try (0..<3).map { index in
          PostgresStore.WholeReplace(
            name: "together-\(index)",
            rows: PostgresStore.UserReplan(
              try Self.state(index, later: true), now: now, tasksBefore: nil, changed: .all))
        }
        let found = try await store.transaction { connection in
          let nobody = PostgresStore.WholeReplace(name: "nobody", rows: replaces[0].rows)
          return try await PostgresStore.replaceData(
            [replaces[0], nobody, replaces[1], replaces[2]], connection, logger: TestDatabase.logger)
        }
        #expect(found == [true, false, true, true])
        for index in 0..<3 {
          let alone = try await Self.written(url, user: "alone-\(index)")
          // A block's start, a task's morning reminder and its row: what `later` left.
          #expect(alone.count == 3, "\(alone)")
          #expect(try await Self.written(url, user: "together-\(index)") == alone)
        }
        // Through the store, a missing user is their own error.
        let missing = await #expect(throws: RecordError.self) {
          try await store.replaceData(ofUser: "nobody", with: Self.state(0, later: true), now: now)
        }
        #expect(missing?.description == "user nobody: no such user")
      }
    }
  }

  /// User `index`'s data with twelve blocks over six days (a dozen reminders and more); `later`
  /// drops the last block.
  static func busy(_ index: Int, later: Bool) throws -> PlanningState {
    var state = try Self.state(index, later: false)
    let first = state.focusBlocks[0]
    state.focusBlocks = (0..<(later ? 11 : 12)).map { day in
      FocusBlock(
        id: "b\(day)", title: "Block \(day)", start: first.start.addingTimeInterval(Double(day) * 43_200),
        end: first.end.addingTimeInterval(Double(day) * 43_200))
    }
    return state
  }

  /// A replan finds the rows it may remove among the user's own, never through the index of
  /// every user's pending rows (`delivery_due`). With the statistics of a table just filled,
  /// PostgreSQL once planned to read both indexes and keep the rows they shared: every user's
  /// pending rows read for each user replanned (446 433 entries for a group of 32 here).
  @Test func aReplanReadsNoOtherUsersPendingRows() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let now = PostgresStoreTests.now
        let names = (0..<1024).map { "user-\($0)" }
        for name in names {
          _ = try await store.addUser(name: name, timeZone: .utc, language: .de, webhook: nil, at: now)
        }
        // Groups of 32 users, as replaces that come together are written: the entries of
        // `delivery_due` each group's statement read (the count the server keeps for this
        // connection until it passes them on, read before and after).
        func replace(_ group: Range<Int>, later: Bool) async throws -> Int64 {
          let replaces = try group.map { index in
            PostgresStore.WholeReplace(
              name: names[index],
              rows: PostgresStore.UserReplan(
                try Self.busy(index, later: later), now: now, tasksBefore: nil, changed: .all))
          }
          return try await store.transaction { connection in
            func entriesRead() async throws -> Int64 {
              let rows = try await connection.query(
                "SELECT pg_stat_get_xact_tuples_returned('delivery_due'::regclass)",
                logger: TestDatabase.logger)
              for try await entries in rows.decode(Int64.self) { return entries }
              return 0
            }
            let before = try await entriesRead()
            _ = try await PostgresStore.replaceData(replaces, connection, logger: TestDatabase.logger)
            return try await entriesRead() - before
          }
        }
        for start in stride(from: 0, to: names.count, by: 32) {
          _ = try await replace(start..<start + 32, later: false)
        }
        let pending = try await TestDatabase.column(
          url, "SELECT count(*)::text FROM delivery WHERE status = 'pending'")
        let read = try await replace(0..<32, later: true)
        // The wake-up's look at the earliest pending row reads one or two entries.
        #expect(read < 10, "\(read) entries of delivery_due read; \(pending) pending rows")
      }
    }
  }

  /// A user removed while a change of their data holds their row: the removal waits for it and
  /// then takes the rows it wrote too (no foreign key does it for them).
  @Test func aUserRemovedDuringAChangeLeavesNoneOfItsRows() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        _ = try await store.addUser(
          name: "ada", timeZone: .utc, language: .de, webhook: nil, at: PostgresStoreTests.now)
        let change = PostgresStore.WholeReplace(
          name: "ada",
          rows: PostgresStore.UserReplan(
            try PostgresStoreTests.state(), now: PostgresStoreTests.now, tasksBefore: nil, changed: .all))
        let removal = try await store.transaction { connection in
          #expect(
            try await PostgresStore.replaceData([change], connection, logger: TestDatabase.logger) == [true])
          // Written, not yet committed: the rows a foreign key's cascade would have removed.
          var written = 0
          for table in ["delivery", "user_task"] {
            let rows = try await connection.query(
              PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: TestDatabase.logger)
            for try await count in rows.decode(Int64.self) { written += count > 0 ? 1 : 0 }
          }
          #expect(written == 2)
          let removal = Task { try await store.removeUser(named: "ada") }
          // Until the removal waits for ada's row, which this transaction holds (a removal that
          // never waits fails the test rather than hanging it).
          var waiting = false
          for _ in 0..<5_000 where !waiting {
            waiting =
              try await TestDatabase.column(
                url,
                """
                SELECT count(*)::text FROM pg_stat_activity
                WHERE query LIKE 'DELETE FROM herald_user%' AND wait_event_type = 'Lock'
                """) != ["0"]
          }
          #expect(waiting, "the removal never waited for the row lock")
          return removal
        }
        try await removal.value
        #expect(try await store.users().isEmpty)
        for table in ["delivery", "user_task"] {
          #expect(
            try await TestDatabase.column(url, "SELECT count(*)::text FROM \(table)") == ["0"], "\(table)")
        }
      }
    }
  }
}
