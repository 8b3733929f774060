import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// The compact schedule a daemon queues must be the plan, entry for entry, once materialized.
@Suite struct PlannerScheduleTests {
  @Test func materializedScheduleEqualsTheDesiredRequests() async {
    await propertyCheck(count: 150, input: PlanScenario.all) { scenario in
      var state = scenario.state
      if state.movement != nil {
        state.movementLog = MovementLog(
          lastReminderAt: scenario.now.addingTimeInterval(-120),
          snoozedAt: scenario.now.addingTimeInterval(-60))
      }
      for limits in [Limits.iOS, Limits.unlimited] {
        let resolver = WallClockResolver(
          timeZone: state.timeZone, window: DateInterval(start: scenario.now, duration: 8 * 86_400))
        let desired = Planner.desired(state, now: scenario.now, limits: limits, resolver: resolver)
        let schedule = Planner.schedule(state, now: scenario.now, limits: limits, resolver: resolver)
        let materialized = schedule.compactMap {
          Planner.materialize($0, state, now: scenario.now, resolver: resolver)
        }
        #expect(materialized.count == schedule.count)
        #expect(zip(schedule, materialized).allSatisfy { $0.fireDate == $1.fireDate })
        #expect(
          materialized.sorted(by: PlannedNotification.soonestFirst)
            == desired.sorted(by: PlannedNotification.soonestFirst))
      }
    }
  }

  @Test func theMovementLogAddsSnoozeFollowUpAndReportOnlyWhenPresent() throws {
    let now = Fixtures.instant("2026-06-01T10:00:00Z")
    let movement = try MovementSchedule(days: [.monday: .fallback])
    var state = PlanningState(timeZone: Fixtures.zone("Europe/Berlin"), movement: movement)
    let resolver = WallClockResolver(timeZone: state.timeZone)
    let without = Planner.desired(state, now: now, limits: .unlimited, resolver: resolver).map(\.identifier)
    #expect(without == ["exercise-reminder"])

    state.movementLog = MovementLog(lastReminderAt: now.addingTimeInterval(-60), snoozedAt: now)
    let with = Planner.desired(state, now: now, limits: .unlimited, resolver: resolver).map(\.identifier)
    #expect(
      Set(with) == [
        "exercise-reminder", "exercise-reminder-snooze", "exercise-reminder-follow-up", "progress-report",
      ])
  }
}
