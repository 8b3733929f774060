import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The combined plan and the pending budget (contracts/plan.md, "The pending budget").
struct PlannerTests {
  let now = Fixtures.instant("2026-11-22T12:00:00Z")

  /// `count` blocks b00, b01, …, the k-th starting `spacing(k)` minutes from now.
  private func blocks(_ count: Int, startMinutes: (Int) -> Int) -> [FocusBlock] {
    (0..<count).map { k in
      Fixtures.block(k < 10 ? "b0\(k)" : "b\(k)", start: now.addingTimeInterval(Double(startMinutes(k) * 60)))
    }
  }

  private func plan(_ blocks: [FocusBlock], _ limits: Limits) -> Plan {
    Planner.plan(
      PlanningState(timeZone: Fixtures.berlin.zone, focusBlocks: blocks), now: now, limits: limits)
  }

  @Test func iOSKeepsTheSoonest64AndDefersTheRest() {
    // 70 blocks an hour apart, handed over in reverse order
    let all = blocks(70) { 60 * ($0 + 1) }
    let plan = plan(all.reversed(), .iOS)

    #expect(plan.pending.count == 64)
    #expect(plan.pending.map(\.identifier) == all.prefix(64).map { "focus-block-start-\($0.id)" })
    #expect(plan.deferred.map(\.identifier) == all.suffix(6).map { "focus-block-start-\($0.id)" })
    #expect(plan.now == now)
  }

  @Test func budgetTiesGoToTheSmallerID() {
    // 70 blocks all starting at the same instant: the 64 smallest ids are pending.
    let all = blocks(70) { _ in 120 }
    let plan = plan(Fixtures.scrambled(all), .iOS)
    let ids = all.map { "focus-block-start-\($0.id)" }.sorted()
    #expect(plan.pending.map(\.identifier) == Array(ids.prefix(64)))
    #expect(plan.deferred.map(\.identifier) == Array(ids.suffix(6)))
  }

  @Test func deferredAreSortedByFireDateThenID() {
    // Pending fill up with the 64 soonest; of the rest, two pairs share an instant.
    var all = blocks(64) { 60 + $0 }
    let later = now.addingTimeInterval(86_400)
    all += [
      Fixtures.block("z", start: later.addingTimeInterval(3600)), Fixtures.block("y", start: later),
      Fixtures.block("x", start: later.addingTimeInterval(3600)), Fixtures.block("w", start: later),
    ]
    let plan = plan(Fixtures.scrambled(all), .iOS)
    #expect(
      plan.deferred.map(\.identifier) == [
        "focus-block-start-w", "focus-block-start-y", "focus-block-start-x", "focus-block-start-z",
      ])
  }

  @Test func exactly64DefersNothing() {
    let plan = plan(blocks(64) { 30 + $0 }, .iOS)
    #expect(plan.pending.count == 64)
    #expect(plan.deferred.isEmpty)
  }

  @Test func unlimitedDefersNothing() {
    let all = blocks(200) { 10 + 7 * $0 }
    let plan = plan(Fixtures.scrambled(all), .unlimited)
    #expect(plan.pending.count == 200)
    #expect(plan.deferred.isEmpty)
    #expect(plan.pending.map(\.identifier) == all.map { "focus-block-start-\($0.id)" })
  }

  @Test func limitsCarryThePlatformValues() {
    #expect(Limits.iOS.maximumPending == 64)
    #expect(Limits.iOS.dueDateTaskBatch == 25)
    #expect(Limits.iOS.monitoredRegions == 20)
    #expect(Limits.iOS.liveActivityMaximumDuration == TimeInterval(8 * 3600))
    #expect(Limits.unlimited.maximumPending == nil)
    #expect(Limits.unlimited.dueDateTaskBatch == nil)
  }

  @Test func combinesFeaturesSoonestFirst() {
    // The contract's sample scenario: a block tomorrow at 09:00 and a task due the day after.
    let state = PlanningState(
      timeZone: Fixtures.berlin.zone,
      focusBlocks: [
        FocusBlock(
          id: "b1", title: "Deep Work", start: Fixtures.instant("2026-11-23T09:00:00+01:00"),
          end: Fixtures.instant("2026-11-23T10:30:00+01:00"), taskIDs: ["t1"])
      ],
      tasks: [
        TodoItem(id: "t1", title: "Steuererklärung", due: Fixtures.instant("2026-11-24T17:00:00+01:00"))
      ])
    let plan = Planner.plan(state, now: now, limits: .iOS)

    #expect(plan.pending.map(\.identifier) == ["focus-block-start-b1", "due-date-morning-t1"])
    #expect(
      plan.pending.map(\.fireDate) == [
        Fixtures.instant("2026-11-23T07:55:00Z"), Fixtures.instant("2026-11-24T08:00:00Z"),
      ])
    #expect(plan.pending.first?.request.trigger == .timeInterval(seconds: 71_700))
    #expect(plan.pending.first?.content.body == "Deep Work beginnt in 5 Minuten")
    #expect(plan.deferred.isEmpty)
  }

  @Test func languageOfTheStateIsUsed() {
    let state = PlanningState(
      timeZone: Fixtures.berlin.zone, language: .en,
      focusBlocks: [Fixtures.block("b1", start: now.addingTimeInterval(3600))])
    #expect(
      Planner.plan(state, now: now, limits: .iOS).pending.first?.content.title == "Focus block starts soon")
  }

  @Test func deferredMoveUpAsTimePasses() {
    // Once the first six reminders have fired, the six deferred ones fit the budget.
    let all = blocks(70) { 60 * ($0 + 1) }
    let later = now.addingTimeInterval(6 * 3600 + 60)
    let replanned = Planner.plan(
      PlanningState(timeZone: Fixtures.berlin.zone, focusBlocks: all), now: later, limits: .iOS)
    #expect(replanned.pending.count == 64)
    #expect(replanned.deferred.isEmpty)
    #expect(replanned.pending.last?.identifier == "focus-block-start-b69")
  }

  @Test func emptyStatePlansNothing() {
    let plan = plan([], .iOS)
    #expect(plan.pending.isEmpty)
    #expect(plan.deferred.isEmpty)
  }
}
