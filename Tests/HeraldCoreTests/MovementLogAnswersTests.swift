import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// How shown, done and snoozed movement reminders change the log, and so the follow-on plan.
struct MovementLogAnswersTests {
  let berlin = Fixtures.zone("Europe/Berlin")

  /// The ids the planner wants with this log and the Gentle Movement schedule (progress report off).
  func plannedIDs(_ log: MovementLog, at now: Date) -> [String] {
    var settings = Settings()
    settings.progressReportEnabled = false
    let state = PlanningState(
      timeZone: berlin, settings: settings, movement: ScheduleTemplate.gentleMovement.schedule,
      movementLog: log)
    return Planner.plan(state, now: now, limits: .unlimited).pending.map(\.identifier)
  }

  @Test func aShownReminderAwaitsAnAnswerAndCountsForItsDay() {
    var log = MovementLog()
    let shown = Fixtures.instant("2026-06-01T07:45:00Z")
    log.recordReminderShown(at: shown, on: berlin.day(at: shown))
    #expect(log.lastReminderAt == shown)
    #expect(!log.lastReminderAnswered)
    #expect(log.progressDay == CivilDate(year: 2026, month: 6, day: 1))
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 0))
  }

  @Test func theShownEffectIsTheSameAsRecordingIt() throws {
    let shown = Fixtures.instant("2026-06-01T22:30:00Z")  // 00:30 on 2 June in Berlin
    var recorded = MovementLog()
    recorded.recordReminderShown(at: shown, on: try #require(CivilDate(year: 2026, month: 6, day: 2)))
    var applied = MovementLog()
    applied.apply(.movementReminderShown(at: shown, day: berlin.day(at: shown)))
    #expect(applied == recorded)
  }

  @Test func anAcknowledgedReminderGetsNoFollowUp() {
    var log = MovementLog()
    // 08:00 local: the Gentle Movement reminder comes at 09:00, after the follow-up at 08:10.
    let shown = Fixtures.instant("2026-06-01T06:00:00Z")
    log.recordReminderShown(at: shown, on: berlin.day(at: shown))
    #expect(plannedIDs(log, at: shown).contains("exercise-reminder-follow-up"))

    log.recordAcknowledged(at: shown.addingTimeInterval(60), zone: berlin)
    #expect(!plannedIDs(log, at: shown).contains("exercise-reminder-follow-up"))
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 1))
  }

  @Test func aSnoozeIsAnAnswerAndBringsTheReminderBackInFiveMinutes() throws {
    var log = MovementLog()
    let shown = Fixtures.instant("2026-06-01T06:00:00Z")
    log.recordReminderShown(at: shown, on: berlin.day(at: shown))
    log.recordSnoozed(at: shown.addingTimeInterval(30))
    let state = PlanningState(
      timeZone: berlin, movement: ScheduleTemplate.gentleMovement.schedule, movementLog: log)
    let now = shown.addingTimeInterval(30)
    let snooze = try #require(Fixtures.planned("exercise-reminder-snooze", state, at: now))
    #expect(snooze.fireDate == shown.addingTimeInterval(330))
    #expect(Fixtures.planned("exercise-reminder-follow-up", state, at: now) == nil)
  }

  @Test func countsStartAfreshOnANewDayInTheZone() {
    var log = MovementLog()
    let shown = Fixtures.instant("2026-06-01T20:00:00Z")
    log.recordReminderShown(at: shown, on: berlin.day(at: shown))
    log.recordAcknowledged(at: Fixtures.instant("2026-06-01T20:01:00Z"), zone: berlin)
    // 22:30Z is 00:30 on 2 June in Berlin (CEST).
    let next = Fixtures.instant("2026-06-01T22:30:00Z")
    log.recordReminderShown(at: next, on: berlin.day(at: next))
    log.recordAcknowledged(at: next.addingTimeInterval(60), zone: berlin)
    #expect(log.progressDay == CivilDate(year: 2026, month: 6, day: 2))
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 1))
  }

  @Test func doneOrSnoozeWithNoReminderWaitingChangesNothing() {
    var log = MovementLog()
    let acknowledged = log.recordAcknowledged(at: Fixtures.instant("2026-06-01T20:01:00Z"), zone: berlin)
    let snoozed = log.recordSnoozed(at: Fixtures.instant("2026-06-01T20:01:00Z"))
    #expect(!acknowledged && !snoozed)
    #expect(log == MovementLog())
    let shown = Fixtures.instant("2026-06-01T20:00:00Z")
    log.recordReminderShown(at: shown, on: berlin.day(at: shown))
    let first = log.recordAcknowledged(at: shown.addingTimeInterval(60), zone: berlin)
    let answered = log
    // A second "done" for the same reminder would read "2 of 1 done": it changes nothing.
    let second = log.recordAcknowledged(at: shown.addingTimeInterval(120), zone: berlin)
    #expect(first && !second)
    #expect(log == answered)
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 1))
  }

  @Test func aBreakDoneAfterMidnightCountsForTheDayItsReminderWasShown() {
    var log = MovementLog()
    let shown = Fixtures.instant("2026-06-01T21:50:00Z")  // 23:50 in Berlin
    log.recordReminderShown(at: shown, on: berlin.day(at: shown))
    log.recordAcknowledged(at: Fixtures.instant("2026-06-01T22:05:00Z"), zone: berlin)
    #expect(log.progressDay == CivilDate(year: 2026, month: 6, day: 1))
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 1))
  }
}
