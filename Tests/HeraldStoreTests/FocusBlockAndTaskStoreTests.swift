import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldStore

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
    let live = try store.liveState(timeZone: .gmt, at: nine.addingTimeInterval(60))
    #expect(live.tasks.map(\.id) == ["t1", "t3"])
    #expect(live.focusBlocks.map(\.id) == ["now", "later"])
    let whole = try store.planningState(timeZone: .gmt)
    #expect(
      FocusActivity.current(blocks: live.focusBlocks, tasks: live.tasks, now: nine.addingTimeInterval(60))
        == FocusActivity.current(
          blocks: whole.focusBlocks, tasks: whole.tasks, now: nine.addingTimeInterval(60)))
    // No block running: no task read.
    #expect(try store.liveState(timeZone: .gmt, at: nine.addingTimeInterval(-60)).tasks.isEmpty)
  }

  @Test func generatedIDsStepOverIDsThatOnlyLookNumbered() throws {
    let store = try HeraldStore.inMemory()
    try store.addTask(id: "t1x", title: "a")
    try store.addTask(id: "t2", title: "b")
    try store.addTask(id: "t99999999999999999999", title: "c")
    #expect(try store.addTask(title: "d").id == "t3")
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
