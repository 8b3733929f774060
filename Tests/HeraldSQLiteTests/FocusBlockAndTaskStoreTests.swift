import Foundation
import GRDB
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// Adding, changing, listing and removing focus blocks and tasks.
@Suite struct FocusBlockAndTaskStoreTests {
  let nine = Fixtures.instant("2026-11-23T08:00:00Z")
  let halfPastTen = Fixtures.instant("2026-11-23T09:30:00Z")

  @Test func tasksAreAddedWithShortUniqueIDsAndListedInOrder() throws {
    let store = try HeraldStore.inMemory()
    let first = try store.addTask(title: "Steuererklärung", due: halfPastTen)
    let second = try store.addTask(title: "Angebot schreiben")
    try store.addTask(id: "t7", title: "Import")
    let third = try store.addTask(title: "Rechnung")
    #expect([first.id, second.id, third.id] == ["t1", "t2", "t8"])
    #expect(try store.tasks().map(\.id) == ["t1", "t2", "t7", "t8"])
    #expect(try store.tasks().first == TodoItem(id: "t1", title: "Steuererklärung", due: halfPastTen))
  }

  /// The live view reads after every change: the blocks, and only the tasks that blocks running
  /// then link, in their order (not every task stored); the countdown it shows is the same.
  @Test func theLiveStateHoldsOnlyTheTasksOfRunningBlocks() throws {
    let store = try HeraldStore.inMemory()
    for id in ["t1", "t2", "t3", "t4"] { try store.addTask(id: id, title: "Task \(id)") }
    try store.addFocusBlock(id: "now", title: "Now", start: nine, end: halfPastTen, taskIDs: ["t3", "t1"])
    try store.addFocusBlock(
      id: "later", title: "Later", start: halfPastTen, end: halfPastTen.addingTimeInterval(3600),
      taskIDs: ["t2"])
    let live = try store.liveState(timeZone: .utc, at: nine.addingTimeInterval(60))
    #expect(live.tasks.map(\.id) == ["t1", "t3"])
    #expect(live.focusBlocks.map(\.id) == ["now", "later"])
    let whole = try store.planningState(timeZone: .utc)
    #expect(
      FocusActivity.current(blocks: live.focusBlocks, tasks: live.tasks, now: nine.addingTimeInterval(60))
        == FocusActivity.current(
          blocks: whole.focusBlocks, tasks: whole.tasks, now: nine.addingTimeInterval(60)))
    // No block running: no task read.
    #expect(try store.liveState(timeZone: .utc, at: nine.addingTimeInterval(-60)).tasks.isEmpty)
  }

  @Test func generatedIDsStepOverIDsThatOnlyLookNumbered() throws {
    let store = try HeraldStore.inMemory()
    try store.addTask(id: "t1x", title: "a")
    try store.addTask(id: "t2", title: "b")
    try store.addTask(id: "t99999999999999999999", title: "c")
    #expect(try store.addTask(title: "d").id == "t3")
  }

  /// Ids that look numbered but are not a number as Herald writes one (ASCII digits, no
  /// leading zero, at most 17 of them, right after the prefix).
  static let lookalikeIDs = [
    "t", "t0", "t007", "t1x", "t12x9", "T40", "tt41", "t-42", "t 43", "t44 ", "t\u{661}\u{662}", "t4\u{663}",
    "t\u{301}45", "t999999999999999999", "b46",
  ]

  /// The next id is one more than the largest numbered one, which SQLite finds through the
  /// index of numbered ids — the first entry, not every id — by the same rule as Swift's.
  @Test func theNextIDFollowsTheLargestNumberedOneFoundThroughItsIndex() throws {
    let store = try HeraldStore.inMemory()
    #expect(Self.lookalikeIDs.allSatisfy { IdentifiedTable.task.number(of: $0) == nil })
    for id in Self.lookalikeIDs + ["t9", "t10", "t2"] { try store.addTask(id: id, title: id) }
    #expect(try store.addTask(title: "next").id == "t11")
    try store.addTask(id: "t99999999999999998", title: "17 digits")
    #expect(try store.addTask(title: "largest").id == "t99999999999999999")
    try store.addFocusBlock(id: "b9", title: "Nine", start: nine, end: halfPastTen)
    #expect(try store.addFocusBlock(title: "Ten", start: nine, end: halfPastTen).id == "b10")
    for table in [IdentifiedTable.task, .focusBlock] {
      let plan = try store.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + table.largestNumbered).map {
          $0["detail"] as String
        }
      }
      #expect(plan.joined().contains(table.numberedIndex), "\(plan)")
    }
  }

  @Test func aTaskIsEditedCompletedAndRemoved() throws {
    let store = try HeraldStore.inMemory()
    try store.addTask(id: "t1", title: "Steuererklärung", due: halfPastTen)
    let edited = try store.updateTask(id: "t1") {
      $0.title = "Steuererklärung 2026"
      $0.due = nil
    }
    #expect(edited == TodoItem(id: "t1", title: "Steuererklärung 2026"))
    try store.completeTask(id: "t1")
    try store.completeTask(id: "t1")
    #expect(try store.tasks() == [TodoItem(id: "t1", title: "Steuererklärung 2026", completed: true)])
    try store.removeTask(id: "t1")
    #expect(try store.tasks().isEmpty)
  }

  @Test func aMissingTaskIsNamedInTheError() throws {
    let store = try HeraldStore.inMemory()
    #expect(throws: RecordError.notFound("task t9", "no such task")) { try store.completeTask(id: "t9") }
    #expect(throws: RecordError.notFound("task t9", "no such task")) { try store.removeTask(id: "t9") }
    #expect(throws: RecordError.notFound("task t9", "no such task")) {
      try store.updateTask(id: "t9") { _ in }
    }
  }

  @Test func aFocusBlockIsAddedEditedAndRemoved() throws {
    let store = try HeraldStore.inMemory()
    try store.addTask(id: "t1", title: "Steuererklärung")
    try store.addTask(id: "t2", title: "Angebot")
    let block = try store.addFocusBlock(
      title: "Deep Work", start: nine, end: halfPastTen, taskIDs: ["t2", "t1"])
    #expect(
      block == FocusBlock(id: "b1", title: "Deep Work", start: nine, end: halfPastTen, taskIDs: ["t2", "t1"]))
    #expect(try store.focusBlocks() == [block])

    let later = halfPastTen.addingTimeInterval(1800)
    let edited = try store.updateFocusBlock(id: "b1") {
      $0.end = later
      $0.taskIDs = ["t1"]
    }
    #expect(edited.end == later)
    #expect(try store.focusBlocks() == [edited])

    try store.removeFocusBlock(id: "b1")
    #expect(try store.focusBlocks().isEmpty)
    #expect(try store.tasks().count == 2)
  }

  @Test func removingATaskUnlinksItFromItsBlocks() throws {
    let store = try HeraldStore.inMemory()
    for id in ["t1", "t2", "t3"] { try store.addTask(id: id, title: id) }
    try store.addFocusBlock(id: "b1", title: "A", start: nine, end: halfPastTen, taskIDs: ["t1", "t2", "t3"])
    try store.removeTask(id: "t2")
    #expect(try store.focusBlocks().first?.taskIDs == ["t1", "t3"])
    try store.updateFocusBlock(id: "b1") { $0.taskIDs.append("t1") }
    #expect(try store.focusBlocks().first?.taskIDs == ["t1", "t3", "t1"])
  }

  @Test func aBlockChecksItsInputAsTheCoreDoes() throws {
    let store = try HeraldStore.inMemory()
    #expect(throws: FieldError("end", "must be after start")) {
      try store.addFocusBlock(title: "x", start: halfPastTen, end: nine)
    }
    #expect(throws: FieldError("title", "must not be empty")) {
      try store.addFocusBlock(title: " ", start: nine, end: halfPastTen)
    }
    #expect(throws: FieldError("task t9", "no such task")) {
      try store.addFocusBlock(title: "x", start: nine, end: halfPastTen, taskIDs: ["t9"])
    }
    try store.addFocusBlock(id: "b1", title: "x", start: nine, end: halfPastTen)
    #expect(throws: RecordError.alreadyExists("block b1")) {
      try store.addFocusBlock(id: "b1", title: "y", start: nine, end: halfPastTen)
    }
    #expect(throws: RecordError.notFound("block b2", "no such focus block")) {
      try store.removeFocusBlock(id: "b2")
    }
    #expect(throws: FieldError("id", "cannot be changed (b1)")) {
      try store.updateFocusBlock(id: "b1") { $0.id = "b2" }
    }
    #expect(throws: FieldError.self) {
      try store.updateFocusBlock(id: "b1") { $0.title = String(repeating: "x", count: 10_000) }
    }
    #expect(try store.focusBlocks() == [FocusBlock(id: "b1", title: "x", start: nine, end: halfPastTen)])
  }
}
