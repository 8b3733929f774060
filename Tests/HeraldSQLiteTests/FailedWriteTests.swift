import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// Every write is one transaction that checks first: a write that fails leaves every table as it was.
@Suite struct FailedWriteTests {
  static let nine = Fixtures.instant("2026-11-23T08:00:00Z")
  static let ten = Fixtures.instant("2026-11-23T09:00:00Z")

  /// Bad writes, each named for the test's output.
  static let badWrites: [(name: String, write: @Sendable (SQLiteStore) throws -> Void)] = [
    ("block ending before it starts", { try $0.addFocusBlock(title: "x", start: ten, end: nine) }),
    ("block ending as it starts", { try $0.addFocusBlock(title: "x", start: nine, end: nine) }),
    ("empty title", { try $0.addTask(title: "") }),
    ("10 000 character title", { try $0.addTask(title: String(repeating: "a", count: 10_000)) }),
    ("taken id", { try $0.addTask(id: "t1", title: "again") }),
    (
      "link to a missing task",
      { try $0.addFocusBlock(title: "x", start: nine, end: ten, taskIDs: ["t1", "t9"]) }
    ),
    (
      "edit making a block end first",
      { try $0.updateFocusBlock(id: "b1") { $0.end = nine.addingTimeInterval(-60) } }
    ),
    ("edit linking a missing task", { try $0.updateFocusBlock(id: "b1") { $0.taskIDs = ["t9"] } }),
    ("edit emptying a title", { try $0.updateTask(id: "t1") { $0.title = "" } }),
    ("completing a missing task", { try $0.completeTask(id: "t9") }),
    ("removing a missing task", { try $0.removeTask(id: "t9") }),
    ("removing a missing block", { try $0.removeFocusBlock(id: "b9") }),
    ("hour 25", { try $0.set(.dueDateMorningReminderHour, .int(25)) }),
    ("advance of 45 minutes", { try $0.set(.dueDateAdvanceReminderMinutes, .int(45)) }),
    (
      "import with a duplicate id",
      { store in
        var state = try store.planningState(timeZone: Fixtures.zone("UTC"))
        state.tasks.append(TodoItem(id: "t1", title: "twin"))
        try store.replaceAll(with: state)
      }
    ),
    (
      "import with an empty title",
      { store in
        var state = try store.planningState(timeZone: Fixtures.zone("UTC"))
        state.focusBlocks[0].title = ""
        try store.replaceAll(with: state)
      }
    ),
  ]

  /// A store with one of everything.
  private func filledStore() throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory()
    try store.addTask(id: "t1", title: "Steuererklärung", due: Self.ten)
    try store.addFocusBlock(id: "b1", title: "Deep Work", start: Self.nine, end: Self.ten, taskIDs: ["t1"])
    try store.set(.focusBlockLeadMinutes, .int(10))
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    try store.recordDelivery(
      DeliveryKey(requestID: "x", fireDate: Self.nine), deliveredAt: Self.nine, late: false)
    return store
  }

  @Test(arguments: badWrites.indices)
  func aFailedWriteChangesNothing(index: Int) throws {
    let (name, write) = Self.badWrites[index]
    let store = try filledStore()
    let before = try store.dump()
    #expect(throws: (any Error).self, "\(name)") { try write(store) }
    #expect(try store.dump() == before, "\(name)")
  }
}
