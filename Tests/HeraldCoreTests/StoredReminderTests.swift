import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// A reminder stored as a row (kind, owner position, request id) found again in the user's data
/// as it is now (`Planner.reminder(_:identifier:in:)`): a task's by the id its request names,
/// wherever the task now stands; any other kind's as stored.
@Suite struct StoredReminderTests {
  static let now = Fixtures.instant("2026-11-23T06:00:00Z")

  static func state(_ tasks: [TodoItem]) -> PlanningState {
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    let start = now + 3 * 3600
    return PlanningState(
      timeZone: Fixtures.zone("Europe/Berlin"), settings: settings,
      focusBlocks: [FocusBlock(id: "b1", title: "Fokus", start: start, end: start + 3600)], tasks: tasks)
  }

  static let tasks = (1...3).map { TodoItem(id: "t\($0)", title: "Task \($0)", due: now + Double($0) * 7200) }

  @Test func aTasksReminderFindsItsTaskWhereverItNowStands() throws {
    let planned = PlanningContext(state: Self.state(Self.tasks), now: Self.now, limits: .unlimited)
    // The first task removed, the other two in the opposite order.
    let now = PlanningContext(
      state: Self.state([Self.tasks[2], Self.tasks[1]]), now: Self.now, limits: .unlimited)
    var checked = 0
    for stored in Planner.schedule(planned) {
      let identifier = stored.kind.identifier(owner: Int(stored.owner), in: planned)
      let found = Planner.reminder(stored, identifier: identifier, in: now)
      guard stored.kind.ownsTasks else {
        #expect(found == stored, "\(identifier): kept as stored")
        continue
      }
      let id = Self.tasks[Int(stored.owner)].id
      #expect(stored.kind.taskID(inIdentifier: identifier) == id)
      if id == "t1" {
        #expect(found == nil, "\(identifier): its task is gone")
      } else {
        let reminder = try #require(found)
        #expect(reminder.fireDate == stored.fireDate && reminder.kindIndex == stored.kindIndex)
        #expect(now.state.tasks[Int(reminder.owner)].id == id)
        #expect(
          Planner.due(reminder, in: now).key == DeliveryKey(requestID: identifier, fireDate: stored.fireDate))
        checked += 1
      }
    }
    #expect(checked == 4, "the morning and advance reminders of t2 and t3")
  }

  @Test func anIdentifierOfAnotherKindNamesNoTask() {
    let kinds = Planner.taskKinds.map { Planner.kinds[$0] }
    #expect(kinds.count == 2)
    for kind in kinds {
      #expect(kind.taskID(inIdentifier: "focus-block-start-t1") == nil)
    }
    #expect(
      Planner.kinds[0].taskID(inIdentifier: "due-date-morning-t1") == nil, "a block's kind names no task")
  }
}
