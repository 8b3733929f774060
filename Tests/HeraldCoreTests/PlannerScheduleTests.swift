import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// The compact schedule a daemon queues and the plan `herald plan` prints come from one path.
@Suite struct PlannerScheduleTests {
  @Test func theScheduleBuiltEntryByEntryIsThePlan() async {
    await propertyCheck(count: 150, input: PlanScenario.all) { scenario in
      var state = scenario.state
      if state.movement != nil {
        state.movementLog = MovementLog(
          lastReminderAt: scenario.now.addingTimeInterval(-120),
          snoozedAt: scenario.now.addingTimeInterval(-60))
      }
      let context = PlanningContext(state: state, now: scenario.now, limits: .unlimited)
      let built = Planner.schedule(context).map { Planner.notification(for: $0, in: context) }
      #expect(
        built.sorted(by: PlannedNotification.soonestFirst)
          == Planner.plan(state, now: scenario.now, limits: .unlimited).pending)
      // Each entry is 16 bytes, so that a daemon can queue a million.
      #expect(MemoryLayout<ScheduledReminder>.stride == 16)
    }
  }

  @Test func everyKindIsRegisteredOnceAndNamesItsOwnIdentifiers() throws {
    let names = Planner.kinds.map { String(describing: type(of: $0)) }
    #expect(Set(names).count == names.count)
    #expect(
      names == [
        "FocusBlockStartReminder", "DueDateMorningReminder", "DueDateAdvanceReminder",
        "RegularMovementReminder",
        "SnoozedMovementReminder", "MovementFollowUp", "MovementProgressReport",
      ])
  }

  @Test func theMovementLogAddsSnoozeFollowUpAndReportOnlyWhenPresent() throws {
    let now = Fixtures.instant("2026-06-01T10:00:00Z")  // Monday 12:00 in Berlin; the next at 13:00
    let movement = try MovementSchedule(days: [.monday: .fallback])
    var state = PlanningState(timeZone: Fixtures.zone("Europe/Berlin"), movement: movement)
    let without = Planner.plan(state, now: now, limits: .unlimited).pending.map(\.identifier)
    #expect(without == ["exercise-reminder"])

    state.movementLog = MovementLog(lastReminderAt: now.addingTimeInterval(-60), snoozedAt: now)
    let with = Planner.plan(state, now: now, limits: .unlimited).pending.map(\.identifier)
    #expect(
      with == [
        "exercise-reminder-snooze", "exercise-reminder-follow-up", "exercise-reminder", "progress-report",
      ])
  }
}
