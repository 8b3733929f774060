import Foundation
import HeraldCore
import HeraldRuntime
import HeraldTestSupport

/// Job 1: the iOS plan for 100 000 tasks and 10 000 focus blocks plus a movement schedule.
struct PlanBenchmark {
  let state: PlanningState
  /// A few instants a second apart, so that no call can be answered from the previous one.
  let nows: [Date]

  init(taskCount: Int = 100_000, blockCount: Int = 10_000) {
    var random = SeededGenerator(seed: 1)
    let now = BenchmarkFixtures.now
    let day = 86_400.0
    let tasks = (0..<taskCount).map { index in
      let kind = Int.random(in: 0..<10, using: &random)
      // One in ten without a due date, one in ten completed, a few overdue: the rest over 90 days.
      let due =
        kind == 0 ? nil : now.addingTimeInterval(Double.random(in: -2 * day...90 * day, using: &random))
      return TodoItem(id: "task-\(index)", title: "Task number \(index)", due: due, completed: kind == 1)
    }
    let blocks = (0..<blockCount).map { index in
      let minutes = Int.random(in: 0..<60 * 24 * 12, using: &random) * 5
      let start = now.addingTimeInterval(Double(minutes * 60))
      let length = Double(Int.random(in: 1...4, using: &random) * 30 * 60)
      return FocusBlock(
        id: "block-\(index)", title: "Deep work \(index)", start: start, end: start.addingTimeInterval(length)
      )
    }
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    state = PlanningState(
      timeZone: BenchmarkFixtures.berlin, language: .de, settings: settings, focusBlocks: blocks,
      tasks: tasks, movement: BenchmarkFixtures.realisticSchedule)
    nows = (0..<8).map { now.addingTimeInterval(Double($0)) }
  }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    let ours = harness.measure(samples: 31, minimumSampleTime: .milliseconds(1)) { counter in
      Self.digest(Planner.plan(state, now: nows[counter % nows.count], limits: .iOS).pending)
    }
    let naive = harness.measure(samples: 11, warmUpBatches: 1, minimumSampleTime: .milliseconds(1)) {
      counter in
      Self.digest(naivePlan(now: nows[counter % nows.count]))
    }
    return [
      BenchmarkRow(
        job: "1. iOS plan, 100k tasks + 10k blocks", ours: ours, targetNanoseconds: 30e6, naive: naive),
      blockMoved(&harness),
    ]
  }

  /// The daemon's queue after one block moved: the change the replanner makes of it (the block
  /// kind's reminders planned again and merged into the queue; the tasks' stay) against planning
  /// the queue whole, which the daemon did at every change before the replanner.
  func blockMoved(_ harness: inout BenchmarkHarness) -> BenchmarkRow {
    let previous = PlanningContext(state: state, now: nows[0], limits: .unlimited)
    let queue = TimerQueue(Planner.schedule(previous))
    var moved = state
    let block = moved.focusBlocks[0]
    moved.focusBlocks[0] = FocusBlock(
      id: block.id, title: block.title, start: block.start.addingTimeInterval(1_800),
      end: block.end.addingTimeInterval(1_800))
    let ours = harness.measure(samples: 21, minimumSampleTime: .milliseconds(1)) { _ in
      var changed = queue
      changed.apply(Replanner.change(from: previous, to: moved, now: nows[0], limits: .unlimited))
      return changed.count &+ Int(changed.nextFireDate?.timeIntervalSince1970 ?? 0)
    }
    let whole = harness.measure(samples: 11, warmUpBatches: 1, minimumSampleTime: .milliseconds(1)) { _ in
      let planned = TimerQueue(
        Planner.schedule(PlanningContext(state: moved, now: nows[0], limits: .unlimited)))
      return planned.count &+ Int(planned.nextFireDate?.timeIntervalSince1970 ?? 0)
    }
    return BenchmarkRow(
      job: "1b. daemon queue, a block moved (\(queue.count) pending)", ours: ours, targetNanoseconds: 30e6,
      naive: whole)
  }

  /// Whether the naive way and the planner keep the same first reminders, apart from the due-date
  /// batch (which the naive way does not apply, so it can keep more tasks).
  func agreementReport() -> String {
    let now = nows[0]
    let plan = Planner.plan(state, now: now, limits: .iOS)
    let naive = naivePlan(now: now)
    let isBatched = { (id: String) in DueDateReminders.owns(id) }
    let planOthers = plan.pending.filter { !isBatched($0.identifier) }.map(\.identifier)
    let naiveOthers = naive.filter { !isBatched($0.identifier) }.map(\.identifier)
    let prefix = min(planOthers.count, naiveOthers.count)
    let same = planOthers.prefix(prefix) == naiveOthers.prefix(prefix)
    return "plan: \(plan.pending.count) pending, \(plan.deferred.count) deferred; "
      + "naive: \(naive.count) pending; non-due-date order agrees on \(prefix): \(same ? "yes" : "NO")"
  }

  /// The spec samples' way: every request of every task and block, sorted by fire date, first 64.
  func naivePlan(now: Date) -> [PlannedNotification] {
    let settings = state.settings
    var all: [PlannedNotification] = []
    for block in state.focusBlocks {
      if let request = FocusBlockStartReminder.request(
        blockID: block.id, blockTitle: block.title, startDate: block.start,
        minutesBefore: settings.focusBlockLeadMinutes, now: now, language: state.language)
      {
        all.append(request)
      }
    }
    for task in state.tasks where task.awaitsDueDate(after: now) {
      guard let due = task.due else { continue }
      if settings.dueDateMorningReminderEnabled,
        let morning = DueDateReminders.buildDueDateMorningRequest(
          taskID: task.id, title: task.title, dueDate: due, morningHour: settings.dueDateMorningReminderHour,
          morningMinute: settings.dueDateMorningReminderMinute, now: now, zone: state.timeZone,
          language: state.language)
      {
        all.append(morning)
      }
      if settings.dueDateAdvanceReminderEnabled,
        let advance = DueDateReminders.buildDueDateAdvanceRequest(
          taskID: task.id, title: task.title, dueDate: due,
          advanceMinutes: settings.dueDateAdvanceReminderMinutes,
          now: now, language: state.language)
      {
        all.append(advance)
      }
    }
    let movementOnly = PlanningState(
      timeZone: state.timeZone, language: state.language, movement: state.movement)
    all += Planner.plan(movementOnly, now: now, limits: .unlimited).pending
    all.sort(by: PlannedNotification.soonestFirst)
    return Array(all.prefix(Limits.iOS.maximumPending ?? all.count))
  }

  private static func digest(_ pending: [PlannedNotification]) -> Int {
    pending.count &+ Int(pending.first?.fireDate.timeIntervalSince1970 ?? 0)
      &+ (pending.last?.identifier.utf8.count ?? 0)
  }
}
