import Foundation
import HeraldCore
import HeraldRuntime
import HeraldTestSupport
import Testing

/// When the daemon updates the Live Activity: at its start, once a minute, at once when a task is
/// done, and it ends with the block (or when the setting is off).
@Suite struct LiveActivityDriverTests {
  static let start = Fixtures.instant("2026-11-23T09:00:00Z")
  static let block = Fixtures.block("b1", start: start, minutes: 30, taskIDs: ["t1", "t2"])
  static let tasks = [TodoItem(id: "t1", title: "Inbox"), TodoItem(id: "t2", title: "Proposal")]

  static func shownTask(_ step: LiveActivityDriver.Step?) -> String? {
    if case .show(let activity) = step { activity.state.currentTaskTitle } else { nil }
  }

  @Test func endsWhatAnEarlierRunLeftThenWaitsForTheBlock() {
    var driver = LiveActivityDriver()
    let before = Self.start - 120
    #expect(driver.step(blocks: [Self.block], tasks: Self.tasks, now: before, enabled: true) == .end)
    #expect(driver.step(blocks: [Self.block], tasks: Self.tasks, now: before + 1, enabled: true) == nil)
    #expect(
      Self.shownTask(driver.step(blocks: [Self.block], tasks: Self.tasks, now: Self.start, enabled: true))
        == "Inbox")
  }

  @Test func updatesOnceAMinuteAndAtOnceWhenATaskIsDone() {
    var driver = LiveActivityDriver()
    var now = Self.start
    #expect(
      Self.shownTask(driver.step(blocks: [Self.block], tasks: Self.tasks, now: now, enabled: true)) == "Inbox"
    )
    // Every second of the first minute: 30 min left, nothing to update.
    var updates = 0
    for _ in 1..<60 {
      now += 1
      if driver.step(blocks: [Self.block], tasks: Self.tasks, now: now, enabled: true) != nil { updates += 1 }
    }
    #expect(updates == 0)
    // 29 min left.
    now += 1
    #expect(driver.step(blocks: [Self.block], tasks: Self.tasks, now: now, enabled: true) != nil)
    // A task done ten seconds later: at once.
    now += 10
    let done = [TodoItem(id: "t1", title: "Inbox", completed: true), Self.tasks[1]]
    #expect(
      Self.shownTask(driver.step(blocks: [Self.block], tasks: done, now: now, enabled: true)) == "Proposal")
    #expect(driver.step(blocks: [Self.block], tasks: done, now: now + 1, enabled: true) == nil)
  }

  @Test func endsWithTheBlockAndWhenTurnedOff() {
    var driver = LiveActivityDriver()
    _ = driver.step(blocks: [Self.block], tasks: Self.tasks, now: Self.start, enabled: true)
    #expect(driver.step(blocks: [Self.block], tasks: Self.tasks, now: Self.block.end, enabled: true) == .end)
    #expect(
      driver.step(blocks: [Self.block], tasks: Self.tasks, now: Self.block.end + 1, enabled: true) == nil)

    var switched = LiveActivityDriver()
    _ = switched.step(blocks: [Self.block], tasks: Self.tasks, now: Self.start, enabled: true)
    #expect(
      switched.step(blocks: [Self.block], tasks: Self.tasks, now: Self.start + 1, enabled: false) == .end)
    #expect(
      switched.step(blocks: [Self.block], tasks: Self.tasks, now: Self.start + 2, enabled: false) == nil)
  }
}
