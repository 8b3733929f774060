import Foundation
import HeraldCore
import HeraldRuntime
import HeraldTestSupport
import Testing

/// The daemon's queue changed kind by kind (`TimerQueue.apply`) gives its reminders in the order
/// of the queue planned whole, ties included: replanning part of it changes nothing of the rest.
struct TimerQueueTests {
  let now = Fixtures.instant("2026-03-02T06:00:00Z")  // Monday 07:00 in Berlin

  /// Three tasks due at one instant (their morning and advance reminders tie), blocks starting
  /// when those come due, and a movement chain.
  func state() throws -> PlanningState {
    let due = Fixtures.instant("2026-03-02T15:00:00Z")
    var settings = Settings()
    settings.dueDateMorningReminderEnabled = true
    settings.dueDateAdvanceReminderEnabled = true
    return PlanningState(
      timeZone: Fixtures.zone("Europe/Berlin"), settings: settings,
      focusBlocks: (0..<3).map {
        Fixtures.block("b\($0)", start: due.addingTimeInterval(Double($0) * 3_600))
      },
      tasks: (0..<3).map { TodoItem(id: "t\($0)", title: "Task \($0)", due: due) },
      movement: try MovementSchedule(
        fallbackIntervalMinutes: 60,
        days: Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, DaySchedule.fallback) })))
  }

  /// Every reminder of the queue, in the order it gives them.
  func popped(_ queue: TimerQueue) -> [ScheduledReminder] {
    var queue = queue
    var all: [ScheduledReminder] = []
    while let next = queue.popNext(dueAt: .distantFuture) { all.append(next) }
    return all
  }

  @Test func aQueueChangedKindByKindGivesItsRemindersAsTheQueuePlannedWhole() throws {
    let after = try state()
    let whole = popped(
      TimerQueue(Planner.schedule(PlanningContext(state: after, now: now, limits: .unlimited))))
    #expect(Set(whole.map(\.kindIndex)).count >= 4)
    let edits: [(inout PlanningState) -> Void] = [
      { $0.tasks.removeLast() }, { $0.focusBlocks.removeFirst() }, { $0.movement = nil },
      {
        $0.tasks.removeAll()
        $0.focusBlocks.removeAll()
      },
    ]
    for edit in edits {
      var before = after
      edit(&before)
      let previous = PlanningContext(state: before, now: now, limits: .unlimited)
      var queue = TimerQueue(Planner.schedule(previous))
      let change = Replanner.change(from: previous, to: after, now: now, limits: .unlimited)
      #expect(!change.isWhole)
      queue.apply(change)
      #expect(popped(queue) == whole)
    }
  }
}
