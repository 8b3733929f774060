import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldSQLite
import HeraldTestSupport
import Testing

/// A change that leaves a user's tasks alone — a focus block's, the movement schedule's — reads
/// only the task rows a block links, writes none, leaves the tasks' reminders as they are and
/// replans the rest: the same rows and plan as writing the user's data whole, at a cost that does
/// not grow with the tasks stored.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresChangesApartFromTasksTests {
  typealias Rows = PostgresTaskRowsTests

  /// A task row whose body no longer decodes: every change that reads it is refused.
  static func damage(_ url: PostgresURL, task: String) async throws {
    try await TestDatabase.admin(url, "UPDATE user_task SET body = '{' WHERE id = '\(task)'")
  }

  @Test func aFocusBlockAddedChangedAndRemovedPlansAsTheWholeDataWould() async throws {
    try await Rows.withUsers { url, store, ada in
      try await ada.addTask(
        id: "t2", title: "Abgabe", due: Fixtures.instant("2026-11-25T12:00:00Z"), completed: false)
      let tasks = try await Rows.plan(url, user: "ada").filter { $0.hasPrefix("due-date") }
      #expect(!tasks.isEmpty)
      let start = Fixtures.instant("2026-11-24T09:00:00Z")
      try await ada.addFocusBlock(
        id: "b3", title: "Planung", start: start, end: start.addingTimeInterval(3_600), taskIDs: ["t2"])
      #expect(
        try await Rows.plan(url, user: "ada").contains(
          "focus-block-start-b3@2026-11-24T08:55:00Z focus-block-start pending"))
      #expect(try await ada.focusBlocks().last?.taskIDs == ["t2"])
      try await Rows.expectSameAsWrittenWhole(url, store, ada)

      // Moved an hour on, linking t1 too; then the first block removed, which moves the later
      // ones up a place and leaves their rows as they were (a row names its block by id).
      let block = try await ada.updateFocusBlock(id: "b3") {
        $0.start = $0.start.addingTimeInterval(3_600)
        $0.end = $0.end.addingTimeInterval(3_600)
        $0.taskIDs = ["t1", "t2"]
      }
      #expect(block.taskIDs == ["t1", "t2"])
      #expect(
        try await Rows.plan(url, user: "ada").contains(
          "focus-block-start-b3@2026-11-24T09:55:00Z focus-block-start pending"))
      try await Rows.expectSameAsWrittenWhole(url, store, ada)
      try await ada.removeFocusBlock(id: "b1")
      #expect(
        try await Rows.plan(url, user: "ada").contains(
          "focus-block-start-b3@2026-11-24T09:55:00Z focus-block-start pending"))
      try await Rows.expectSameAsWrittenWhole(url, store, ada)

      // The tasks' rows and reminders were left as they were.
      #expect(try await Rows.taskRows(url, user: "ada") == ["0 t1", "1 t2"])
      #expect(try await Rows.plan(url, user: "ada").filter { $0.hasPrefix("due-date") } == tasks)
    }
  }

  /// A link to a task that is not there is refused as before, and changes nothing.
  @Test func aBlockLinkingATaskThatIsNotThereIsRefused() async throws {
    try await Rows.withUsers { url, _, ada in
      let plan = try await Rows.plan(url, user: "ada")
      let start = Fixtures.instant("2026-11-24T09:00:00Z")
      await #expect(throws: FieldError.self) {
        try await ada.addFocusBlock(
          id: "b3", title: "Planung", start: start, end: start.addingTimeInterval(3_600),
          taskIDs: ["t1", "t9"])
      }
      await #expect(throws: FieldError.self) {
        try await ada.updateFocusBlock(id: "b1") { $0.taskIDs = ["t9"] }
      }
      #expect(try await ada.focusBlocks().map(\.id) == ["b1", "b2"])
      #expect(try await ada.focusBlocks().first?.taskIDs == [])
      #expect(try await Rows.plan(url, user: "ada") == plan)
    }
  }

  /// A task removed is unlinked from the blocks that linked it, whose reminders are replanned;
  /// the later tasks and their reminders stay as they are (a gap in the positions), and nothing
  /// else is read: the rows' order and the plan are what writing the data whole gives.
  @Test func aTaskRemovedIsUnlinkedFromItsBlocksAsTheWholeDataWould() async throws {
    try await Rows.withUsers { url, store, ada in
      for (id, day) in [("t2", "25"), ("t3", "26")] {
        try await ada.addTask(
          id: id, title: "Task \(id)", due: Fixtures.instant("2026-11-\(day)T12:00:00Z"), completed: false)
      }
      let start = Fixtures.instant("2026-11-24T09:00:00Z")
      try await ada.addFocusBlock(
        id: "b3", title: "Planung", start: start, end: start.addingTimeInterval(3_600), taskIDs: ["t2", "t1"])
      let version = try await ada.dataVersion()
      try await ada.removeTask(id: "t2")
      #expect(try await ada.dataVersion() == version + 1)
      #expect(try await ada.focusBlocks().last?.taskIDs == ["t1"])
      #expect(try await Rows.taskRows(url, user: "ada") == ["0 t1", "2 t3"])
      try await Rows.expectSameAsWrittenWhole(url, store, ada)
      await #expect(throws: RecordError.self) { try await ada.removeTask(id: "t2") }
      #expect(try await ada.dataVersion() == version + 1)
    }
  }

  /// Only the tasks a block links are read. A damaged task row is read with what can be read of it
  /// (issue 48: never a reason to refuse the user), so a block may link it; a change of the blocks
  /// or the movement schedule besides, or the removal of another task, leaves the damaged row where
  /// it is.
  @Test func onlyTheTasksABlockLinksAreRead() async throws {
    try await Rows.withUsers { url, store, ada in
      try await ada.addTask(id: "t3", title: "Entwurf", due: nil, completed: false)
      try await ada.addTask(id: "t2", title: "Abgabe", due: nil, completed: false)
      try await Self.damage(url, task: "t2")
      let start = Fixtures.instant("2026-11-24T09:00:00Z")
      try await ada.addFocusBlock(
        id: "b4", title: "Abgabe vorbereiten", start: start, end: start.addingTimeInterval(3_600),
        taskIDs: ["t2"])
      try await ada.removeTask(id: "t3")
      #expect(try await Rows.taskRows(url, user: "ada") == ["0 t1", "2 t2"])
      try await ada.addFocusBlock(
        id: "b3", title: "Planung", start: start, end: start.addingTimeInterval(3_600), taskIDs: ["t1"])
      try await ada.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
      #expect(try await Rows.plan(url, user: "ada").contains { $0.hasPrefix("exercise-reminder@") })
      // Mended, the data is what writing it whole gives.
      try await TestDatabase.admin(
        url, "UPDATE user_task SET body = '{\"id\": \"t2\", \"title\": \"Abgabe\"}' WHERE id = 't2'")
      #expect(try await ada.focusBlocks().map(\.id) == ["b1", "b2", "b4", "b3"])
      try await Rows.expectSameAsWrittenWhole(url, store, ada)
    }
  }

  /// Data written before tasks had rows is changed whole, so its tasks move to rows as at any
  /// other change.
  @Test func tasksStillInTheDocumentMoveToRowsAtABlocksChange() async throws {
    try await Rows.withUsers { url, store, ada in
      try await Rows.writeTasksInTheDocument(url)
      try await ada.removeFocusBlock(id: "b2")
      #expect(try await Rows.taskRows(url, user: "ada") == ["0 t1", "1 t9"])
      try await Rows.expectSameAsWrittenWhole(url, store, ada)
    }
  }
}
