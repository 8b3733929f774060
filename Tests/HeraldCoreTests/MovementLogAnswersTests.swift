import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// How shown, done and snoozed movement reminders change the log, and so the follow-on plan.
struct MovementLogAnswersTests {
  let berlin = WallClockResolver(timeZone: Fixtures.zone("Europe/Berlin"))

  @Test func aShownReminderAwaitsAnAnswerAndCountsForItsDay() {
    var log = MovementLog()
    log.recordReminderShown(at: Fixtures.instant("2026-06-01T07:45:00Z"), resolver: berlin)
    #expect(log.lastReminderAt == Fixtures.instant("2026-06-01T07:45:00Z"))
    #expect(!log.lastReminderAnswered)
    #expect(log.progressDay == CivilDate(year: 2026, month: 6, day: 1))
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 0))
  }

  @Test func anAcknowledgedReminderGetsNoFollowUp() {
    var log = MovementLog()
    let shown = Fixtures.instant("2026-06-01T07:45:00Z")
    log.recordReminderShown(at: shown, resolver: berlin)
    let unanswered = log.requests(
      schedule: ScheduleTemplate.gentleMovement.schedule, settings: Settings(), now: shown, resolver: berlin,
      language: .de)
    #expect(unanswered.contains { $0.identifier == MovementNotifications.followUpIdentifier })

    log.recordAcknowledged(at: shown.addingTimeInterval(60), resolver: berlin)
    let answered = log.requests(
      schedule: ScheduleTemplate.gentleMovement.schedule, settings: Settings(), now: shown, resolver: berlin,
      language: .de)
    #expect(!answered.contains { $0.identifier == MovementNotifications.followUpIdentifier })
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 1))
  }

  @Test func aSnoozeIsAnAnswerAndBringsTheReminderBackInFiveMinutes() throws {
    var log = MovementLog()
    let shown = Fixtures.instant("2026-06-01T07:45:00Z")
    log.recordReminderShown(at: shown, resolver: berlin)
    log.recordSnoozed(at: shown.addingTimeInterval(30))
    let requests = log.requests(
      schedule: ScheduleTemplate.gentleMovement.schedule, settings: Settings(),
      now: shown.addingTimeInterval(30), resolver: berlin, language: .de)
    let snooze = try #require(requests.first { $0.identifier == MovementNotifications.snoozeIdentifier })
    #expect(snooze.fireDate == shown.addingTimeInterval(330))
    #expect(!requests.contains { $0.identifier == MovementNotifications.followUpIdentifier })
  }

  @Test func countsStartAfreshOnANewDayInTheZone() {
    var log = MovementLog()
    log.recordReminderShown(at: Fixtures.instant("2026-06-01T20:00:00Z"), resolver: berlin)
    log.recordAcknowledged(at: Fixtures.instant("2026-06-01T20:01:00Z"), resolver: berlin)
    // 22:30Z is 00:30 on 2 June in Berlin (CEST).
    log.recordAcknowledged(at: Fixtures.instant("2026-06-01T22:30:00Z"), resolver: berlin)
    #expect(log.progressDay == CivilDate(year: 2026, month: 6, day: 2))
    #expect(log.progress == MovementProgress(delivered: 0, acknowledged: 1))
  }
}
