import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Reminders planned across a daylight-saving night: wall-clock rules resolve by the contract,
/// interval triggers count real seconds.
struct DaylightSavingTimeTests {
  /// Saturday evening before the spring-forward night in Berlin.
  let springEve = Fixtures.instant("2026-03-28T20:00:00+01:00")
  /// Saturday evening before the fall-back night in Berlin.
  let autumnEve = Fixtures.instant("2026-10-24T20:00:00+02:00")

  private func morningAt(_ hour: Int, _ minute: Int) -> Settings {
    Fixtures.settings([.dueDateMorningReminderHour: .int(hour), .dueDateMorningReminderMinute: .int(minute)])
  }

  @Test func morningReminderAtSkippedTimeOnSpringForwardDay() throws {
    // The contract's example: 02:30 does not exist on 2026-03-29 in Berlin; it is 01:30Z (03:30 local).
    let due = Fixtures.instant("2026-03-29T12:00:00+02:00")
    let request = try #require(
      DueDateReminders.buildDueDateMorningRequest(
        taskID: "t1", title: "T", dueDate: due, morningHour: 2, morningMinute: 30, now: springEve,
        zone: Fixtures.berlin.zone))
    #expect(request.fireDate == Fixtures.instant("2026-03-29T01:30:00Z"))
    let components = WallClockComponents(year: 2026, month: 3, day: 29, hour: 2, minute: 30)
    #expect(request.request.trigger == .calendar(components, repeats: false))

    // The planner, with its table-backed resolver, agrees.
    let state = PlanningState(
      timeZone: Fixtures.berlin.zone, settings: morningAt(2, 30),
      tasks: [TodoItem(id: "t1", title: "T", due: due)])
    let plan = Planner.plan(state, now: springEve, limits: .iOS)
    #expect(plan.pending == [request])
  }

  @Test func morningReminderAtRepeatedTimeOnFallBackDay() throws {
    // 02:30 shows twice on 2026-10-25 in Berlin: the first time, 00:30Z.
    let due = Fixtures.instant("2026-10-25T12:00:00+01:00")
    let state = PlanningState(
      timeZone: Fixtures.berlin.zone, settings: morningAt(2, 30),
      tasks: [TodoItem(id: "t1", title: "T", due: due)])
    let request = try #require(Planner.plan(state, now: autumnEve, limits: .iOS).pending.first)
    #expect(request.fireDate == Fixtures.instant("2026-10-25T00:30:00Z"))
    #expect(
      request.request.trigger
        == .calendar(.init(year: 2026, month: 10, day: 25, hour: 2, minute: 30), repeats: false))
  }

  @Test func morningReminderAfterTheChangeUsesTheNewOffset() throws {
    // 09:00 on the spring-forward day is 07:00Z (CEST), not 08:00Z.
    let due = Fixtures.instant("2026-03-29T18:00:00+02:00")
    let request = try #require(
      DueDateReminders.buildDueDateMorningRequest(
        taskID: "t1", title: "T", dueDate: due, morningHour: 9, morningMinute: 0, now: springEve,
        zone: Fixtures.berlin.zone))
    #expect(request.fireDate == Fixtures.instant("2026-03-29T07:00:00Z"))
  }

  @Test func intervalSecondsAcrossSpringForwardNightAreRealSeconds() throws {
    // Block at 09:00 CEST, lead 5: 08:55 local is 06:55Z, 11 h 55 min of real time after 20:00 CET
    // (12 h 55 min on the wall clock). Advance reminder 2 h before a 10:00 due: 06:00Z, 11 h.
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    settings.dueDateAdvanceReminderMinutes = .twoHours
    let state = PlanningState(
      timeZone: Fixtures.berlin.zone, settings: settings,
      focusBlocks: [Fixtures.block("b1", start: Fixtures.instant("2026-03-29T09:00:00+02:00"))],
      tasks: [TodoItem(id: "t1", title: "T", due: Fixtures.instant("2026-03-29T10:00:00+02:00"))])
    let plan = Planner.plan(state, now: springEve, limits: .iOS)
    let block = try #require(plan.pending.first { $0.identifier == "focus-block-start-b1" })
    let advance = try #require(plan.pending.first { $0.identifier == "due-date-advance-t1" })
    #expect(block.fireDate == Fixtures.instant("2026-03-29T06:55:00Z"))
    #expect(block.request.trigger == .timeInterval(seconds: 11 * 3600 + 55 * 60))
    #expect(advance.fireDate == Fixtures.instant("2026-03-29T06:00:00Z"))
    #expect(advance.request.trigger == .timeInterval(seconds: 11 * 3600))
    // The morning reminder at 09:00 CEST is a floating calendar trigger, 07:00Z.
    let morning = try #require(plan.pending.first { $0.identifier == "due-date-morning-t1" })
    #expect(morning.fireDate == Fixtures.instant("2026-03-29T07:00:00Z"))
  }

  @Test func intervalSecondsAcrossFallBackNightAreRealSeconds() throws {
    // 20:00 CEST to 08:55 CET: 12 h 55 min on the wall clock, 13 h 55 min of real time.
    let state = PlanningState(
      timeZone: Fixtures.berlin.zone,
      focusBlocks: [Fixtures.block("b1", start: Fixtures.instant("2026-10-25T09:00:00+01:00"))])
    let request = try #require(Planner.plan(state, now: autumnEve, limits: .iOS).pending.first)
    #expect(request.fireDate == Fixtures.instant("2026-10-25T07:55:00Z"))
    #expect(request.request.trigger == .timeInterval(seconds: 13 * 3600 + 55 * 60))
  }

  @Test func newYorkSpringForwardMorningReminder() throws {
    // 02:30 does not exist on 2026-03-08 in New York: it keeps EST, 07:30Z.
    let due = Fixtures.instant("2026-03-08T12:00:00-04:00")
    let request = try #require(
      DueDateReminders.buildDueDateMorningRequest(
        taskID: "t1", title: "T", dueDate: due, morningHour: 2, morningMinute: 30,
        now: Fixtures.instant("2026-03-07T20:00:00-05:00"), zone: Fixtures.newYork.zone))
    #expect(request.fireDate == Fixtures.instant("2026-03-08T07:30:00Z"))
  }
}
