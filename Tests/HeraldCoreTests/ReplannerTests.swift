import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// The one replanner (`Replanner`): a change of the data, applied to the pending reminders of the
/// plan before it, leaves the pending reminders of the whole plan after it.
struct ReplannerTests {
  /// A reminder as the tests compare them: kind, owner and instant.
  private static func rows(_ reminders: some Sequence<ScheduledReminder>) -> [String] {
    reminders.map { "\($0.kindIndex)/\($0.owner)@\($0.fireDate.timeIntervalSince1970)" }.sorted()
  }

  /// The pending reminders `change` leaves of `pending`, as every engine applies it.
  private static func applied(_ change: PlanChange, to pending: [ScheduledReminder]) -> [ScheduledReminder] {
    pending.filter { !change.holds($0) } + change.reminders
  }

  /// Ways the data changes between two plans, each with the parts it changes.
  private static let edits: [(PlanInputs, @Sendable (inout PlanningState) -> Void)] = [
    ([], { _ in }),
    (.focusBlocks, { if !$0.focusBlocks.isEmpty { $0.focusBlocks.removeLast() } }),
    (
      .focusBlocks,
      {
        guard let first = $0.focusBlocks.first else { return }
        $0.focusBlocks[0] = FocusBlock(
          id: first.id, title: first.title, start: first.start.addingTimeInterval(1_800),
          end: first.end.addingTimeInterval(1_800), taskIDs: first.taskIDs)
      }
    ),
    (.tasks, { if !$0.tasks.isEmpty { $0.tasks.removeFirst() } }),
    (.tasks, { $0.tasks.append(TodoItem(id: "added", title: "Added", due: $0.focusBlocks.first?.start)) }),
    (.movement, { $0.movement = nil }),
    (.all, { $0.settings.dueDateMorningReminderEnabled.toggle() }),
    (.all, { $0.language = $0.language == .de ? .en : .de }),
  ]

  @Test func aChangeAppliedToThePlanBeforeLeavesTheWholePlanAfter() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      let after = scenario.state
      let whole = Planner.schedule(PlanningContext(state: after, now: scenario.now, limits: .unlimited))
      for (parts, edit) in Self.edits {
        var before = after
        edit(&before)
        let previous = PlanningContext(state: before, now: scenario.now, limits: .unlimited)
        let change = Replanner.change(from: previous, to: after, now: scenario.now, limits: .unlimited)
        #expect(
          Self.rows(Self.applied(change, to: Planner.schedule(previous))) == Self.rows(whole), "\(parts)")
        // Only the kinds that read what the edit changed are replanned (nothing at all when the
        // edit changed nothing, or its part was empty on both sides).
        let changed = Replanner.inputs(changedFrom: before, to: after)
        #expect(changed.isSubset(of: parts))
        #expect(change.kinds == Planner.kinds(affectedBy: changed))
        #expect(change.isWhole == (changed == .all))
      }
    }
  }

  /// Time moving on replans the chains (their next reminder is planned from `now`) and nothing
  /// else: every reminder the whole plan has then is pending, or was said already by one that
  /// came due meanwhile (a block's "starts now" after its "starts in 5 minutes").
  @Test func timeMovingOnReplansTheChainsAlone() async {
    await propertyCheck(input: zip(PlanScenario.all, Gen.int(in: 1...(3 * 1440)))) { scenario, minutes in
      let state = scenario.state
      let later = scenario.now.addingTimeInterval(Double(minutes * 60))
      let previous = PlanningContext(state: state, now: scenario.now, limits: .unlimited)
      let planned = Planner.schedule(previous)
      let change = Replanner.change(from: previous, to: state, now: later, limits: .unlimited)
      #expect(change.kinds == Planner.kinds(affectedBy: .movement))
      let pending = Self.applied(change, to: planned.filter { $0.fireDate > later })
      let now = PlanningContext(state: state, now: later, limits: .unlimited)
      let whole = Planner.schedule(now)
      let cameDue = Set(
        planned.filter { $0.fireDate <= later }.map {
          DeliveryKey(
            requestID: $0.kind.identifier(owner: Int($0.owner), in: previous), fireDate: $0.fireDate)
        })
      let unsaid = whole.filter { reminder in
        reminder.kind.saidBefore(owner: Int(reminder.owner), fireDate: reminder.fireDate, in: now)
          .allSatisfy { !cameDue.contains($0) }
      }
      #expect(Self.rows(pending) == Self.rows(unsaid))
    }
  }

  @Test func aFirstPlanTimeGoneBackOrOtherLimitsReplanWhole() {
    let state = PlanningState(
      timeZone: Fixtures.zone("Europe/Berlin"),
      focusBlocks: [Fixtures.block("b", start: Fixtures.instant("2026-03-02T09:00:00Z"), minutes: 60)])
    let now = Fixtures.instant("2026-03-02T08:00:00Z")
    let previous = PlanningContext(state: state, now: now, limits: .unlimited)
    #expect(Replanner.change(from: nil, to: state, now: now, limits: .unlimited).isWhole)
    #expect(Replanner.change(from: previous, to: state, now: now - 60, limits: .unlimited).isWhole)
    #expect(Replanner.change(from: previous, to: state, now: now, limits: .iOS).isWhole)
    #expect(Replanner.change(from: previous, to: state, now: now, limits: .unlimited).kinds.isEmpty)
  }

  /// A change of one task names the task's pending reminders by the requests its kinds name it
  /// by, and a removal wants none of them.
  @Test func aChangeOfOneTaskIsScopedToItsRequests() {
    let task = TodoItem(id: "report", title: "Report", due: Fixtures.instant("2026-03-03T15:00:00Z"))
    let state = PlanningState(
      timeZone: Fixtures.zone("Europe/Berlin"), tasks: [TodoItem(id: "other", title: "O")])
    let now = Fixtures.instant("2026-03-02T08:00:00Z")
    let change = Replanner.change(ofTask: task, in: state, now: now)
    let removal = Replanner.change(removing: task, from: state, now: now)
    #expect(change.isOneTask && !change.isWhole)
    #expect(change.requestsOfTheTask == ["due-date-morning-report", "due-date-advance-report"])
    #expect(removal.requestsOfTheTask == change.requestsOfTheTask)
    #expect(!change.reminders.isEmpty && removal.reminders.isEmpty)
    #expect(
      Set(change.kindsLeftAlone)
        == Set(Planner.kinds.map(\.storedName)).subtracting(["due-date-morning", "due-date-advance"]))
  }
}
