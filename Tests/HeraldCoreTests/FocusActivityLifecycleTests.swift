import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 002: the Live Activity of a running focus block, started, updated, ended and renewed.
@Suite struct FocusActivityLifecycleTests {
  static let start = Fixtures.instant("2026-06-01T09:00:00+02:00")
  /// Listed in another order than the block lists them, so "first" must follow the block.
  static let tasks = [
    TodoItem(id: "t1", title: "Steuererklärung"),
    TodoItem(id: "t2", title: "Angebot schreiben"),
    TodoItem(id: "t3", title: "Inbox leeren", completed: true),
    TodoItem(id: "t9", title: "Not in the block"),
  ]
  static let block = Fixtures.block(
    "b1", title: "Deep Work", start: start, minutes: 90, taskIDs: ["t3", "t2", "t1"])

  static func at(_ minutes: Double, from date: Date = start) -> Date { date.addingTimeInterval(minutes * 60) }

  static func completing(_ id: String) -> [TodoItem] {
    tasks.map { task in
      var task = task
      if task.id == id { task.completed = true }
      return task
    }
  }

  // MARK: What is shown

  @Test func attributesAndStateOfTheRunningBlock() throws {
    let activity = try #require(
      FocusActivity.current(blocks: [Self.block], tasks: Self.tasks, now: Self.at(10)))
    #expect(activity.attributes.blockID == "b1")
    #expect(activity.attributes.blockTitle == "Deep Work")
    #expect(activity.attributes.startDate == Self.start)
    #expect(activity.attributes.endDate == Self.at(90))
    // t3 is done; t2 is the first open task in the block's order; t9 is not the block's.
    #expect(
      activity.state
        == FocusActivityContentState(currentTaskTitle: "Angebot schreiben", completedCount: 1, totalCount: 3))
  }

  @Test func everyTaskDoneLeavesNoCurrentTask() throws {
    let done = Self.tasks.map { TodoItem(id: $0.id, title: $0.title, completed: true) }
    let activity = try #require(FocusActivity.current(blocks: [Self.block], tasks: done, now: Self.at(10)))
    #expect(
      activity.state == FocusActivityContentState(currentTaskTitle: nil, completedCount: 3, totalCount: 3))
  }

  @Test(arguments: [-1.0, 90, 120])
  func noActivityOutsideTheBlock(minutes: Double) {
    // Before the start, at the end (the end is not part of the block) and after it.
    #expect(FocusActivity.current(blocks: [Self.block], tasks: Self.tasks, now: Self.at(minutes)) == nil)
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    #expect(lifecycle.advance(blocks: [Self.block], tasks: Self.tasks, now: Self.at(minutes)).isEmpty)
    #expect(lifecycle.shown == nil)
  }

  // MARK: Start, update, end

  @Test func startUpdateEnd() throws {
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    let blocks = [Self.block]
    #expect(lifecycle.advance(blocks: blocks, tasks: Self.tasks, now: Self.at(-5)).isEmpty)

    // The block starts.
    let expected = try #require(FocusActivity.current(blocks: blocks, tasks: Self.tasks, now: Self.start))
    #expect(lifecycle.advance(blocks: blocks, tasks: Self.tasks, now: Self.start) == [.start(expected)])
    #expect(lifecycle.shown?.startedAt == Self.start)

    // Nothing changed: nothing to do.
    #expect(lifecycle.advance(blocks: blocks, tasks: Self.tasks, now: Self.at(20)).isEmpty)

    // A task is completed: the state moves on to the next open task.
    let afterT2 = Self.completing("t2")
    #expect(
      lifecycle.advance(blocks: blocks, tasks: afterT2, now: Self.at(30)) == [
        .update(
          FocusActivityContentState(currentTaskTitle: "Steuererklärung", completedCount: 2, totalCount: 3))
      ])
    #expect(lifecycle.advance(blocks: blocks, tasks: afterT2, now: Self.at(31)).isEmpty)

    // The block is over.
    #expect(
      lifecycle.advance(blocks: blocks, tasks: afterT2, now: Self.at(90)) == [.end(expected.attributes)])
    #expect(lifecycle.shown == nil)
    #expect(lifecycle.advance(blocks: blocks, tasks: afterT2, now: Self.at(91)).isEmpty)
  }

  @Test func editingTheRunningBlockRestartsItsActivity() throws {
    // Attributes cannot change while an activity runs: a new end means a new activity.
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    _ = lifecycle.advance(blocks: [Self.block], tasks: Self.tasks, now: Self.at(5))
    var longer = Self.block
    longer.end = Self.at(120)
    let transitions = lifecycle.advance(blocks: [longer], tasks: Self.tasks, now: Self.at(6))
    let restarted = try #require(FocusActivity.current(blocks: [longer], tasks: Self.tasks, now: Self.at(6)))
    let old = try #require(FocusActivity.current(blocks: [Self.block], tasks: Self.tasks, now: Self.at(6)))
    #expect(transitions == [.end(old.attributes), .start(restarted)])
  }

  @Test func aBlockStartingInsideAnotherTakesOverAndHandsBack() throws {
    let outer = Fixtures.block("outer", title: "Outer", start: Self.start, minutes: 120)
    let inner = Fixtures.block("inner", title: "Inner", start: Self.at(30), minutes: 30)
    var lifecycle = FocusActivityLifecycle(limits: .unlimited)
    _ = lifecycle.advance(blocks: [outer, inner], tasks: [], now: Self.start)
    let handOver = lifecycle.advance(blocks: [outer, inner], tasks: [], now: Self.at(30))
    #expect(handOver.count == 2)
    #expect(lifecycle.shown?.activity.attributes.blockID == "inner")
    _ = lifecycle.advance(blocks: [outer, inner], tasks: [], now: Self.at(60))
    #expect(lifecycle.shown?.activity.attributes.blockID == "outer")
  }

  // MARK: The 8-hour cap

  @Test func longBlockIsRenewedBeforeTheEightHourLimit() throws {
    // Given a 10-hour block under iOS limits, its activity started at the block's start
    let long = Fixtures.block("long", title: "Marathon", start: Self.start, minutes: 600)
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    _ = lifecycle.advance(blocks: [long], tasks: [], now: Self.start)
    let renewal = try #require(lifecycle.nextEvaluation(blocks: [long], now: Self.start))
    // Exactly 5 minutes before the 8-hour cap counted from the activity's start.
    #expect(renewal == Self.at(8 * 60 - 5))
    #expect(lifecycle.advance(blocks: [long], tasks: [], now: renewal.addingTimeInterval(-1)).isEmpty)

    // When the renewal time comes, the activity is ended and started again
    let activity = try #require(lifecycle.shown?.activity)
    #expect(
      lifecycle.advance(blocks: [long], tasks: [], now: renewal) == [
        .end(activity.attributes), .start(activity),
      ])
    #expect(lifecycle.shown?.startedAt == renewal)
    // Then the block's end is the next thing to happen, and it ends the activity.
    #expect(lifecycle.nextEvaluation(blocks: [long], now: renewal) == long.end)
    #expect(lifecycle.advance(blocks: [long], tasks: [], now: long.end) == [.end(activity.attributes)])
  }

  @Test func drivenByNextEvaluationNoActivityOutlivesTheCap() throws {
    // A 20-hour block, joined 30 minutes late: follow nextEvaluation and watch every activity's age.
    let cap = try #require(Limits.iOS.liveActivityMaximumDuration)
    let long = Fixtures.block("long", title: "Marathon", start: Self.start, minutes: 20 * 60)
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    var now = Self.at(30)
    var starts = 0
    for _ in 0..<10 {
      starts += lifecycle.advance(blocks: [long], tasks: [], now: now).count {
        if case .start = $0 { true } else { false }
      }
      guard let next = lifecycle.nextEvaluation(blocks: [long], now: now) else { break }
      if let shown = lifecycle.shown { #expect(next.timeIntervalSince(shown.startedAt) < cap) }
      #expect(next > now)
      now = next
    }
    #expect(now == long.end)
    #expect(lifecycle.shown == nil)
    #expect(starts == 3)  // 19.5 hours need three activities of under 8 hours
  }

  @Test func unlimitedNeverRenews() throws {
    let long = Fixtures.block("long", title: "Marathon", start: Self.start, minutes: 600)
    var lifecycle = FocusActivityLifecycle(limits: .unlimited)
    _ = lifecycle.advance(blocks: [long], tasks: [], now: Self.start)
    #expect(lifecycle.nextEvaluation(blocks: [long], now: Self.start) == long.end)
    for hours in [7.9, 8, 9, 9.99] {
      #expect(lifecycle.advance(blocks: [long], tasks: [], now: Self.at(hours * 60)).isEmpty, "\(hours) h")
    }
    #expect(lifecycle.shown?.startedAt == Self.start)
  }

  @Test func shortBlockUnderIOSIsNotRenewed() throws {
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    _ = lifecycle.advance(blocks: [Self.block], tasks: Self.tasks, now: Self.start)
    #expect(lifecycle.nextEvaluation(blocks: [Self.block], now: Self.start) == Self.block.end)
  }

  // MARK: When to look again

  @Test func nextEvaluationIsTheNextStartWhenNothingRuns() {
    let later = Fixtures.block("later", start: Self.at(180))
    let lifecycle = FocusActivityLifecycle(limits: .iOS)
    #expect(lifecycle.nextEvaluation(blocks: [later, Self.block], now: Self.at(-60)) == Self.start)
    #expect(lifecycle.nextEvaluation(blocks: [later, Self.block], now: Self.at(100)) == Self.at(180))
    #expect(lifecycle.nextEvaluation(blocks: [later, Self.block], now: Self.at(200)) == nil)
  }

  @Test func nextEvaluationWhileRunningIsTheSoonerOfEndAndNextStart() {
    let overlapping = Fixtures.block("next", start: Self.at(60))
    var lifecycle = FocusActivityLifecycle(limits: .iOS)
    _ = lifecycle.advance(blocks: [Self.block, overlapping], tasks: Self.tasks, now: Self.at(1))
    #expect(lifecycle.nextEvaluation(blocks: [Self.block, overlapping], now: Self.at(1)) == Self.at(60))
    #expect(lifecycle.nextEvaluation(blocks: [Self.block], now: Self.at(1)) == Self.at(90))
  }
}
