import Foundation
import GRDB
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// What only the SQLite store does with blocks and tasks: the live view's partial read and the
/// index that finds the next id. Adding, changing and removing them is `UserDataBehaviourTests`,
/// on both engines.
@Suite struct FocusBlockAndTaskStoreTests {
  let nine = Fixtures.instant("2026-11-23T08:00:00Z")
  let halfPastTen = Fixtures.instant("2026-11-23T09:30:00Z")

  /// The live view reads after every change: the blocks, and only the tasks that blocks running
  /// then link, in their order (not every task stored); the countdown it shows is the same.
  @Test func theLiveStateHoldsOnlyTheTasksOfRunningBlocks() throws {
    let store = try SQLiteStore.inMemory()
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

  /// Ids that look numbered but are not a number as Herald writes one (ASCII digits, no
  /// leading zero, at most 17 of them, right after the prefix).
  static let lookalikeIDs = [
    "t", "t0", "t007", "t1x", "t12x9", "T40", "tt41", "t-42", "t 43", "t44 ", "t\u{661}\u{662}", "t4\u{663}",
    "t\u{301}45", "t999999999999999999", "b46",
  ]

  /// The next id is one more than the largest numbered one, which SQLite finds through the
  /// index of numbered ids — the first entry, not every id — by the same rule as Swift's.
  @Test func theNextIDFollowsTheLargestNumberedOneFoundThroughItsIndex() throws {
    let store = try SQLiteStore.inMemory()
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
}
