import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgresConnections
import HeraldSQLite
import HeraldTestSupport
import Testing

@testable import HeraldPostgres

/// A user's tasks as rows of their own: adding one writes its row and plans its reminders alone,
/// and every change leaves the same rows and the same plan as writing the user's data whole.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresTaskRowsTests {
  static let now = PostgresStoreTests.now

  /// The user's plan, as `requestID@fireDate kind status`, sorted: all a row says of its
  /// reminder (its owner is the block or task its request id names).
  static func plan(_ url: PostgresURL, user: String) async throws -> [String] {
    try await TestDatabase.column(
      url,
      """
      SELECT d.request_id || '@' || to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        || ' ' || d.kind || ' ' || d.status
      FROM delivery d JOIN herald_user u ON u.id = d.user_id WHERE u.name = '\(user)' ORDER BY 1
      """
    ).compactMap { $0 }
  }

  /// The user's task rows, as `position id`, in order.
  static func taskRows(_ url: PostgresURL, user: String) async throws -> [String] {
    try await TestDatabase.column(
      url,
      """
      SELECT t.position || ' ' || t.id FROM user_task t JOIN herald_user u ON u.id = t.user_id
      WHERE u.name = '\(user)' ORDER BY t.position
      """
    ).compactMap { $0 }
  }

  /// A store with `ada` holding the test scenario (two blocks, task t1), and `reference`, whose
  /// data each test writes whole to what `ada`'s should be, to compare with.
  static func withUsers(
    _ body: @Sendable (PostgresURL, PostgresStore, PostgresUserData) async throws -> Void
  ) async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        for name in ["ada", "reference"] {
          _ = try await store.addUser(name: name, timeZone: .utc, language: .de, webhook: nil, at: now)
        }
        try await store.replaceData(ofUser: "ada", with: try PostgresStoreTests.state(), now: now)
        let ada = store.data(ofUser: try await store.user(named: "ada").id, now: { now })
        try await body(url, store, ada)
      }
    }
  }

  /// `ada`'s rows and plan are those of the same data written whole.
  static func expectSameAsWrittenWhole(_ url: PostgresURL, _ store: PostgresStore, _ ada: PostgresUserData)
    async throws
  {
    let state = try await ada.planningState(timeZone: Fixtures.zone("Europe/Berlin"))
    try await store.replaceData(ofUser: "reference", with: state, now: now)
    // Positions order the rows (a task removed leaves a gap): the order is compared.
    let order = { (user: String) in try await taskRows(url, user: user).map { $0.split(separator: " ")[1] } }
    #expect(try await order("ada") == order("reference"))
    #expect(try await plan(url, user: "ada") == plan(url, user: "reference"))
  }

  @Test func aTaskAddedWritesItsRowAndPlansAsTheWholeDataWould() async throws {
    try await Self.withUsers { url, store, ada in
      try await ada.addTask(
        id: "t2", title: "Abgabe", due: Fixtures.instant("2026-11-25T12:00:00Z"), completed: false)
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1", "1 t2"])
      #expect(try await ada.tasks().map(\.id) == ["t1", "t2"])
      // Its morning reminder is planned.
      #expect(
        try await Self.plan(url, user: "ada").contains(
          "due-date-morning-t2@2026-11-25T08:00:00Z due-date-morning pending")
      )
      try await Self.expectSameAsWrittenWhole(url, store, ada)
      // The document holds no task: each is a row.
      let documents = try await TestDatabase.column(
        url, "SELECT scenario FROM herald_user WHERE name = 'ada'")
      #expect(documents.first??.contains("\"t1\"") == false)
    }
  }

  /// A process plans a task with the user's document as it last read it: not once another
  /// process (a second `herald serve`) has changed it.
  @Test func aTaskAddedAfterAnotherProcessChangedTheSettingsIsPlannedWithThem() async throws {
    try await Self.withUsers { url, store, ada in
      let due = Fixtures.instant("2026-11-25T12:00:00Z")
      try await ada.addTask(id: "t2", title: "Abgabe", due: due, completed: false)
      #expect(try await !Self.plan(url, user: "ada").contains { $0.hasPrefix("due-date-advance-t2@") })
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { other in
        var settings = Settings()
        settings.dueDateAdvanceReminderEnabled = true
        try await other.data(ofUser: try await other.user(named: "ada").id, now: { Self.now })
          .setSettings(settings, language: .de)
      }
      try await ada.addTask(id: "t3", title: "Abgabe 2", due: due, completed: false)
      // One hour before it is due, as the other process's settings say.
      let plan = try await Self.plan(url, user: "ada")
      #expect(plan.contains("due-date-advance-t3@2026-11-25T11:00:00Z due-date-advance pending"), "\(plan)")
      try await Self.expectSameAsWrittenWhole(url, store, ada)
    }
  }

  /// A task's change, too, is planned with the user's document as this process last read it only
  /// while no other process has changed it since; and a task another process changed is changed
  /// from what that process wrote.
  @Test func aTaskChangedAfterAnotherProcessChangedTheSettingsIsPlannedWithThem() async throws {
    try await Self.withUsers { url, store, ada in
      try await ada.addTask(id: "t2", title: "Abgabe", due: nil, completed: false)
      #expect(try await !Self.plan(url, user: "ada").contains { $0.hasPrefix("due-date-advance-t2@") })
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { other in
        let data = other.data(ofUser: try await other.user(named: "ada").id, now: { Self.now })
        var settings = Settings()
        settings.dueDateAdvanceReminderEnabled = true
        try await data.setSettings(settings, language: .de)
        try await data.updateTask(id: "t2") { $0.title = "Abgabe, neu" }
      }
      let changed = try await ada.updateTask(id: "t2") { $0.due = Fixtures.instant("2026-11-25T12:00:00Z") }
      #expect(changed.title == "Abgabe, neu")
      // One hour before it is due, as the other process's settings say.
      let plan = try await Self.plan(url, user: "ada")
      #expect(plan.contains("due-date-advance-t2@2026-11-25T11:00:00Z due-date-advance pending"), "\(plan)")
      try await Self.expectSameAsWrittenWhole(url, store, ada)
    }
  }

  /// A user's data read again by a process that read it before is taken from memory only at the
  /// same version: another process's change shows at once, and so does the movement log, which
  /// a worker writes without a new version.
  @Test func dataReadAgainShowsAnotherProcesssChangeAndTheMovementLog() async throws {
    try await Self.withUsers { url, store, _ in
      let id = try await store.user(named: "ada").id
      #expect(try await store.planningState(ofUser: id).movementLog?.progress.delivered == 0)
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { other in
        _ = try await other.data(ofUser: id, now: { Self.now }).addTask(
          id: "t9", title: "Neu", due: nil, completed: false)
      }
      try await TestDatabase.admin(url, "UPDATE herald_user SET movement_delivered = 7 WHERE name = 'ada'")
      let again = try await store.planningState(ofUser: id)
      #expect(again.tasks.map(\.id) == ["t1", "t9"])
      #expect(again.movementLog?.progress.delivered == 7)
      let fresh = try await PostgresStore.withStore(url, logger: TestDatabase.logger) {
        try await $0.planningState(ofUser: id)
      }
      #expect(again == fresh)
    }
  }

  /// A task removed leaves the others' rows and reminders as they are (a gap in the positions);
  /// a task added after it goes last, and a change of the whole data writes the rows 0, 1, ….
  @Test func aTaskRemovedLeavesTheOthersAndTheirRemindersWhereTheyAre() async throws {
    try await Self.withUsers { url, store, ada in
      for (id, day) in [("t2", "25"), ("t3", "26")] {
        try await ada.addTask(
          id: id, title: "Task \(id)", due: Fixtures.instant("2026-11-\(day)T12:00:00Z"), completed: false)
      }
      let before = try await Self.plan(url, user: "ada")
      try await ada.removeTask(id: "t2")
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1", "2 t3"])
      #expect(try await Self.plan(url, user: "ada") == before.filter { !$0.contains("-t2@") })
      #expect(before.contains("due-date-morning-t3@2026-11-26T08:00:00Z due-date-morning pending"))
      try await Self.expectSameAsWrittenWhole(url, store, ada)
      // A change of one task writes it in place; one added goes after the last.
      try await ada.completeTask(id: "t3")
      try await ada.addTask(
        id: "t4", title: "Task t4", due: Fixtures.instant("2026-11-27T12:00:00Z"), completed: false)
      #expect(try await ada.tasks().map(\.id) == ["t1", "t3", "t4"])
      #expect(try await ada.tasks().map(\.completed) == [false, true, false])
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1", "2 t3", "3 t4"])
      try await Self.expectSameAsWrittenWhole(url, store, ada)
      // A change of the whole data writes every row again, without the gap.
      try await ada.addFocusBlock(
        id: "b9", title: "Neu", start: Fixtures.instant("2026-11-24T10:00:00Z"),
        end: Fixtures.instant("2026-11-24T11:00:00Z"), taskIDs: ["t4"])
      var settings = try await ada.settings()
      settings.dueDateAdvanceReminderEnabled = true
      try await ada.setSettings(settings, language: .de)
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1", "1 t3", "2 t4"])
      #expect(
        try await Self.plan(url, user: "ada").contains(
          "due-date-morning-t4@2026-11-27T08:00:00Z due-date-morning pending")
      )
      try await Self.expectSameAsWrittenWhole(url, store, ada)
    }
  }

  /// An id the rule refuses names no task: each change answers as the rule does, as with SQLite,
  /// never with the database's refusal of a NUL in a text parameter (a server error to a client).
  @Test func anIDWithANULIsAnsweredByTheRuleNotByTheDatabase() async throws {
    try await Self.withUsers { url, _, _ in
      // A store of its own: it knows no user's document yet, so an add reads it first.
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let ada = store.data(ofUser: try await store.user(named: "ada").id, now: { Self.now })
        let id = "t\u{0}2"
        let refusals: [(String, @Sendable () async throws -> Void)] = [
          (
            "id: must not contain control characters (found U+0000)",
            { try await ada.addTask(id: id, title: "Zwei", due: nil, completed: false) }
          ),
          ("task t\u{0}2: no such task", { try await ada.completeTask(id: id) }),
          ("task t\u{0}2: no such task", { try await ada.removeTask(id: id) }),
          (
            "taskIDs[1]: must not contain control characters (found U+0000)",
            {
              try await ada.addFocusBlock(
                id: "b9", title: "Neu", start: Fixtures.instant("2026-11-24T10:00:00Z"),
                end: Fixtures.instant("2026-11-24T11:00:00Z"), taskIDs: ["t1", id])
            }
          ),
          (
            "taskIDs[0]: must not contain control characters (found U+0000)",
            { try await ada.updateFocusBlock(id: "b1") { $0.taskIDs = [id] } }
          ),
        ]
        for (message, change) in refusals {
          let error = await #expect(throws: (any Error).self) { try await change() }
          #expect(error.map { "\($0)" } == message)
        }
        #expect(try await Self.taskRows(url, user: "ada") == ["0 t1"])
      }
    }
  }

  /// Adds of one user's tasks from many clients at once: each reads, plans and writes only
  /// while nothing changed since it read (else it tries again), so none is lost and the
  /// positions stay 0, 1, … in the order they were written.
  @Test func tasksAddedAtOnceAreAllKeptInOrder() async throws {
    try await Self.withUsers { url, store, ada in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 2...17 {
          group.addTask {
            try await ada.addTask(
              id: "t\(index)", title: "Task \(index)",
              due: Self.now.addingTimeInterval(Double(index) * 86_400),
              completed: false)
          }
        }
        // A change of the whole data among them: the adds that read before it plan again.
        group.addTask { try await ada.setSettings(Settings(), language: .en) }
        try await group.waitForAll()
      }
      let rows = try await Self.taskRows(url, user: "ada")
      #expect(rows.map { $0.split(separator: " ")[0] } == (0..<17).map { "\($0)" })
      #expect(Set(rows.map { $0.split(separator: " ")[1] }) == Set((1...17).map { "t\($0)" }))
      try await Self.expectSameAsWrittenWhole(url, store, ada)
    }
  }

  /// Adds of many users at once go to the database in groups, one statement for several users
  /// (`GroupedWrites`): each user's task still lands after their own last, with its own reminders,
  /// and one whose settings another process changed meanwhile is planned with them.
  @Test func tasksOfManyUsersAddedAtOnceAreEachKeptAndPlannedAsTheirWholeData() async throws {
    try await Self.withUsers { url, store, _ in
      let names = (0..<6).map { "user-\($0)" }
      var users: [PostgresUserData] = []
      for name in names {
        _ = try await store.addUser(name: name, timeZone: .utc, language: .de, webhook: nil, at: Self.now)
        try await store.replaceData(ofUser: name, with: try PostgresStoreTests.state(), now: Self.now)
        users.append(store.data(ofUser: try await store.user(named: name).id, now: { Self.now }))
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (number, user) in users.enumerated() {
          group.addTask {
            for index in 2...6 {
              try await user.addTask(
                id: "t\(index)", title: "Task \(number).\(index)",
                due: Self.now.addingTimeInterval(Double(number * 10 + index) * 3_600), completed: false)
            }
          }
        }
        group.addTask {
          try await PostgresStore.withStore(url, logger: TestDatabase.logger) { other in
            var settings = Settings()
            settings.dueDateAdvanceReminderEnabled = true
            try await other.data(ofUser: try await other.user(named: names[3]).id, now: { Self.now })
              .setSettings(settings, language: .de)
          }
        }
        try await group.waitForAll()
      }
      for (number, (name, user)) in zip(names, users).enumerated() {
        #expect(try await Self.taskRows(url, user: name) == (1...6).map { "\($0 - 1) t\($0)" })
        let state = try await user.planningState(timeZone: Fixtures.zone("Europe/Berlin"))
        #expect(Array(state.tasks.map(\.title).dropFirst()) == (2...6).map { "Task \(number).\($0)" })
        try await store.replaceData(ofUser: "reference", with: state, now: Self.now)
        #expect(try await Self.plan(url, user: name) == Self.plan(url, user: "reference"), "\(name)")
      }
      #expect(try await Self.plan(url, user: names[3]).contains { $0.hasPrefix("due-date-advance-t6@") })
    }
  }

  @Test func aTaskChangedReplansItsOwnRemindersAsTheWholeDataWould() async throws {
    try await Self.withUsers { url, store, ada in
      try await ada.addTask(
        id: "t2", title: "Abgabe", due: Fixtures.instant("2026-11-25T12:00:00Z"), completed: false)
      let blocks = try await Self.plan(url, user: "ada").filter { $0.hasPrefix("focus-block") }
      // Its due date moved: its morning reminder moves with it.
      try await ada.updateTask(id: "t2") { $0.due = Fixtures.instant("2026-11-26T12:00:00Z") }
      let plan = try await Self.plan(url, user: "ada")
      #expect(plan.contains("due-date-morning-t2@2026-11-26T08:00:00Z due-date-morning pending"))
      #expect(!plan.contains { $0.hasPrefix("due-date-morning-t2@2026-11-25") })
      try await Self.expectSameAsWrittenWhole(url, store, ada)
      // Done: its reminders go; the blocks' stay as they were.
      try await ada.completeTask(id: "t1")
      #expect(try await !Self.plan(url, user: "ada").contains { $0.hasPrefix("due-date-morning-t1@") })
      #expect(try await Self.plan(url, user: "ada").filter { $0.hasPrefix("focus-block") } == blocks)
      try await Self.expectSameAsWrittenWhole(url, store, ada)
      // A task that is not there, or a change of its id, is refused as before.
      await #expect(throws: RecordError.self) { try await ada.completeTask(id: "t9") }
      await #expect(throws: FieldError.self) { try await ada.updateTask(id: "t2") { $0.id = "t3" } }
      await #expect(throws: FieldError.self) { try await ada.updateTask(id: "t2") { $0.title = " " } }
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1", "1 t2"])
    }
  }

  @Test func anIdTakenIsRefusedAndChangesNothing() async throws {
    try await Self.withUsers { url, _, ada in
      let version = try await ada.dataVersion()
      let plan = try await Self.plan(url, user: "ada")
      await #expect(throws: RecordError.self) {
        try await ada.addTask(
          id: "t1", title: "Again", due: Self.now.addingTimeInterval(86_400), completed: false)
      }
      #expect(try await ada.dataVersion() == version)
      #expect(try await Self.plan(url, user: "ada") == plan)
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1"])
      // Without an id, the next unused one.
      #expect(try await ada.addTask(id: nil, title: "Neu", due: nil, completed: false).id == "t2")
      #expect(try await ada.dataVersion() == version + 1)
    }
  }

  /// A task added without an id takes the one after the largest numbered id — ids that only
  /// look numbered do not count — which PostgreSQL finds through the index of numbered ids: with
  /// thousands of tasks stored, the plan reads that index backwards from the user's largest.
  @Test func aTaskWithoutAnIdTakesTheOneAfterTheLargestNumberedThroughItsIndex() async throws {
    try await Self.withUsers { url, _, ada in
      for id in ["t007", "t12x", "t\u{661}\u{662}", "t 12", "t999999999999999999", "T13", "t9", "t10"] {
        try await ada.addTask(id: id, title: id, due: nil, completed: false)
      }
      #expect(try await ada.addTask(id: nil, title: "Next", due: nil, completed: false).id == "t11")
      try await TestDatabase.admin(
        url,
        """
        INSERT INTO user_task (user_id, id, position, body)
        SELECT \(ada.user), 't' || (100 + n), 100 + n, '{}' FROM generate_series(1, 3000) AS n
        """)
      try await TestDatabase.admin(url, "ANALYZE user_task")
      let query = PostgresStore.largestNumberedTaskIDQuery(user: ada.user)
      let plan = try await TestDatabase.column(url, "EXPLAIN " + query.sql, binds: query.binds)
      // Its first entry backwards, in the order asked for: no sort of the user's ids.
      let text = plan.compactMap { $0 }.joined(separator: "\n")
      #expect(text.contains("Backward using user_task_numbered") && !text.contains("Sort"), "\(text)")
    }
  }

  @Test func aTitleIsKeptExactlyANulIncluded() async throws {
    try await Self.withUsers { _, _, ada in
      let title = "a\u{0}b <i>&amp;</i> \"q\" \u{1F600}"
      try await ada.addTask(id: "t2", title: title, due: nil, completed: false)
      #expect(try await ada.tasks().last?.title == title)
    }
  }

  /// `ada`'s data as written before tasks had rows: t1 and t9 in the document, no task rows.
  static func writeTasksInTheDocument(_ url: PostgresURL) async throws {
    var state = try PostgresStoreTests.state()
    state.tasks.append(TodoItem(id: "t9", title: "Alt", due: Fixtures.instant("2026-11-27T12:00:00Z")))
    let document = ScenarioDocument.encode(state).replacingOccurrences(of: "'", with: "''")
    try await TestDatabase.admin(url, "DELETE FROM user_task")
    try await TestDatabase.admin(url, "UPDATE herald_user SET scenario = '\(document)' WHERE name = 'ada'")
  }

  /// Data written before tasks had rows keeps them in the document: read as before, and moved
  /// to rows, in order, by the next change.
  @Test func tasksStillInTheDocumentMoveToRowsAtTheNextChange() async throws {
    try await Self.withUsers { url, store, ada in
      try await Self.writeTasksInTheDocument(url)
      #expect(try await ada.tasks().map(\.id) == ["t1", "t9"])
      try await ada.addTask(
        id: "t2", title: "Neu", due: Fixtures.instant("2026-11-25T12:00:00Z"), completed: false)
      #expect(try await Self.taskRows(url, user: "ada") == ["0 t1", "1 t9", "2 t2"])
      try await Self.expectSameAsWrittenWhole(url, store, ada)
    }
  }

  /// Reads of anything but the tasks take the user's document alone, not every task row: with a
  /// damaged task row they still answer (and with 10 000 tasks stored they read one row). A read
  /// of the tasks answers too (issue 48): the damaged row with what can be read of it, reported.
  @Test func readsOfAnythingButTheTasksReadNoTaskRow() async throws {
    try await Self.withUsers { url, _, ada in
      try await ada.addTask(id: "t2", title: "Neu", due: nil, completed: false)
      // A new version too: what this process keeps of the user is read again.
      try await TestDatabase.admin(url, "UPDATE user_task SET body = '{' WHERE id = 't1'")
      try await TestDatabase.admin(url, "UPDATE herald_user SET version = version + 1 WHERE name = 'ada'")
      #expect(try await ada.settings() == PostgresStoreTests.state().settings)
      #expect(try await ada.language() == .de)
      #expect(try await ada.focusBlocks().count == 2)
      #expect(try await ada.movementSchedule() == PostgresStoreTests.state().movement)
      #expect(try await ada.routes().isEmpty)
      #expect(try await ada.tasks().map(\.id) == ["t1", "t2"])
      #expect(try await ada.storedProblems().map(\.id) == ["t1"])
    }
  }
}
