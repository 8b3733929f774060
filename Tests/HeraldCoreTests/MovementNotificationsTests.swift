import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 003's notifications: the reminder itself, snooze, follow-up and progress report.
@Suite struct MovementNotificationsTests {
  static let berlin = WallClockResolver(timeZone: Fixtures.berlin.timeZone)
  /// Monday 2026-06-01, 08:00 in Berlin (+02:00).
  static let mondayMorning = Fixtures.instant("2026-06-01T06:00:00Z")
  /// Reminders every day, so that every day has a progress report.
  static let everyDay =
    (try? MovementSchedule(
      days: Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, DaySchedule.fallback) })))
    ?? ScheduleTemplate.gentleMovement.schedule

  static func schedule(_ style: NotificationStyle = .standard) throws -> MovementSchedule {
    let block = try TimeBlock(start: WallClockTime(9, 0), end: WallClockTime(17, 0), style: style)
    return try MovementSchedule(days: [.monday: .timeBlocks([block])])
  }

  // MARK: The reminder

  @Test(arguments: [
    (Language.de, "Zeit für Bewegung", "Steh auf und beweg dich kurz."),
    (Language.en, "Time to move", "Stand up and move for a minute."),
  ])
  func reminderFollowsTheContract(language: Language, title: String, body: String) throws {
    let planned = try #require(
      MovementNotifications.nextReminder(
        schedule: Self.schedule(), now: Self.mondayMorning, resolver: Self.berlin, language: language))
    #expect(planned.identifier == "exercise-reminder")
    #expect(planned.content.categoryIdentifier == "movement")
    #expect(planned.content.title == title)
    #expect(planned.content.body == body)
    // 09:45 local (09:00 + the default 45 minutes), an interval trigger counting from now.
    #expect(planned.fireDate == Fixtures.instant("2026-06-01T09:45:00+02:00"))
    #expect(planned.request.trigger == .timeInterval(seconds: 105 * 60))
    #expect(planned.content.interruptionLevel == .active && planned.content.sound == .default)
  }

  @Test func noReminderWhenTheScheduleHasNone() throws {
    let empty = try MovementSchedule()
    #expect(
      MovementNotifications.nextReminder(
        schedule: empty, now: Self.mondayMorning, resolver: Self.berlin, language: .de)
        == nil)
  }

  @Test func replanningGivesTheSameRequest() throws {
    // One pending movement request: the same id, so a reconciler replaces instead of piling up.
    let first = try #require(
      MovementNotifications.nextReminder(
        schedule: Self.schedule(.urgent), now: Self.mondayMorning, resolver: Self.berlin, language: .de))
    let later = try #require(
      MovementNotifications.nextReminder(
        schedule: Self.schedule(.urgent), now: first.fireDate, resolver: Self.berlin, language: .de))
    #expect(later.identifier == first.identifier)
    #expect(later.fireDate == first.fireDate.addingTimeInterval(45 * 60))
  }

  // MARK: Snooze

  @Test(arguments: Language.allCases)
  func snoozeIsFiveMinutesFromNowAndStandard(language: Language) throws {
    let now = Fixtures.instant("2026-06-01T07:45:12Z")
    let snoozed = try #require(MovementNotifications.snooze(requestedAt: now, now: now, language: language))
    #expect(snoozed.fireDate == Fixtures.instant("2026-06-01T07:50:12Z"))
    #expect(snoozed.request.trigger == .timeInterval(seconds: 300))
    #expect(snoozed.content.interruptionLevel == .active)
    #expect(snoozed.content.sound == .default)
    #expect(snoozed.content.categoryIdentifier == "movement")
    #expect(snoozed.content.title == Texts(language).timeToMoveTitle)
  }

  @Test func aSnoozeWhoseFiveMinutesHavePassedIsNoLongerPlanned() {
    let requested = Fixtures.instant("2026-06-01T07:45:00Z")
    let now = requested.addingTimeInterval(300)
    #expect(MovementNotifications.snooze(requestedAt: requested, now: now, language: .de) == nil)
  }

  // MARK: Follow-up

  @Test func followUpComesTenMinutesAfterTheReminderAndIsUrgent() throws {
    let reminder = Fixtures.instant("2026-06-01T07:45:00Z")
    let now = reminder.addingTimeInterval(60)
    let followUp = try #require(
      MovementNotifications.followUp(toReminderAt: reminder, settings: Settings(), now: now, language: .de))
    #expect(Settings().movementFollowUpMinutes == 10)
    #expect(followUp.fireDate == Fixtures.instant("2026-06-01T07:55:00Z"))
    #expect(followUp.request.trigger == .timeInterval(seconds: 9 * 60))
    #expect(followUp.content.interruptionLevel == .timeSensitive)
    #expect(followUp.content.sound == .default)
    #expect(!followUp.content.title.isEmpty && !followUp.content.body.isEmpty)
  }

  @Test func followUpHonoursTheSetting() throws {
    var settings = Settings()
    try settings.set(.movementFollowUpMinutes, to: .int(30))
    let reminder = Fixtures.instant("2026-06-01T07:45:00Z")
    let followUp = MovementNotifications.followUp(
      toReminderAt: reminder, settings: settings, now: reminder, language: .en)
    #expect(followUp?.fireDate == Fixtures.instant("2026-06-01T08:15:00Z"))
  }

  @Test func noFollowUpOnceItsTimeHasPassed() {
    let reminder = Fixtures.instant("2026-06-01T07:45:00Z")
    let due = reminder.addingTimeInterval(10 * 60)
    func followUp(at now: Date) -> PlannedNotification? {
      MovementNotifications.followUp(toReminderAt: reminder, settings: Settings(), now: now, language: .de)
    }
    #expect(followUp(at: due.addingTimeInterval(-1))?.request.trigger == .timeInterval(seconds: 1))
    #expect(followUp(at: due) == nil)
    #expect(followUp(at: due.addingTimeInterval(3600)) == nil)
  }

  // MARK: Progress report

  @Test(arguments: [(Language.de, "3 von 5"), (Language.en, "3 of 5")])
  func progressReportTodayCarriesTheDaysCounts(language: Language, counts: String) throws {
    // Monday 18:00 local; the report is due at 20:00 today.
    let now = Fixtures.instant("2026-06-01T16:00:00Z")
    let report = try #require(
      MovementNotifications.progressReport(
        progress: MovementProgress(delivered: 5, acknowledged: 3), schedule: Self.everyDay,
        settings: Settings(), now: now,
        resolver: Self.berlin, language: language))
    #expect(report.fireDate == Fixtures.instant("2026-06-01T20:00:00+02:00"))
    #expect(report.content.body.contains(counts))
    #expect(report.content.body == Texts(language).progressBody(done: 3, reminded: 5))
    #expect(report.content.interruptionLevel == .passive)
    #expect(report.content.sound == nil)
    #expect(report.request.trigger == .timeInterval(seconds: 2 * 3600))
  }

  @Test func progressReportMovesToTomorrowOnceTheTimeHasCome() throws {
    // Exactly 20:00: today's report is not after now, so tomorrow's is planned, counted from zero.
    let now = Fixtures.instant("2026-06-01T20:00:00+02:00")
    let report = try #require(
      MovementNotifications.progressReport(
        progress: MovementProgress(delivered: 5, acknowledged: 3), schedule: Self.everyDay,
        settings: Settings(), now: now,
        resolver: Self.berlin, language: .en))
    #expect(report.fireDate == Fixtures.instant("2026-06-02T20:00:00+02:00"))
    #expect(report.content.body.contains("0 of 0"))
    #expect(report.content.interruptionLevel == .passive && report.content.sound == nil)
  }

  @Test func progressReportTomorrowIsTomorrowsWallClockAcrossDST() throws {
    // Saturday 22:00 CET before spring-forward: Sunday 20:00 is CEST, 23 hours later.
    let now = Fixtures.instant("2026-03-28T21:00:00Z")
    let report = MovementNotifications.progressReport(
      progress: MovementProgress(), schedule: Self.everyDay, settings: Settings(), now: now,
      resolver: Self.berlin, language: .de)
    #expect(report?.fireDate == Fixtures.instant("2026-03-29T18:00:00Z"))
  }

  @Test func progressReportSkipsDaysWithoutMovementReminders() throws {
    // Saturday noon with the Office Worker schedule (weekdays only): the next report is Monday's.
    let now = Fixtures.instant("2026-06-06T10:00:00Z")
    let report = try #require(
      MovementNotifications.progressReport(
        progress: MovementProgress(), schedule: ScheduleTemplate.officeWorker.schedule, settings: Settings(),
        now: now, resolver: Self.berlin, language: .de))
    #expect(report.fireDate == Fixtures.instant("2026-06-08T20:00:00+02:00"))
    let empty = try MovementSchedule(days: [:])
    #expect(
      MovementNotifications.progressReport(
        progress: MovementProgress(), schedule: empty, settings: Settings(), now: now, resolver: Self.berlin,
        language: .de) == nil)
  }

  @Test func progressReportHonoursItsSettings() throws {
    var settings = Settings()
    try settings.set(.progressReportTime, to: .time(WallClockTime(7, 30)))
    let now = Self.mondayMorning  // 08:00 local: 07:30 has passed
    let report = MovementNotifications.progressReport(
      progress: MovementProgress(), schedule: Self.everyDay, settings: settings, now: now,
      resolver: Self.berlin, language: .de)
    #expect(report?.fireDate == Fixtures.instant("2026-06-02T07:30:00+02:00"))
    try settings.set(.progressReportEnabled, to: .bool(false))
    #expect(
      MovementNotifications.progressReport(
        progress: MovementProgress(), schedule: Self.everyDay, settings: settings, now: now,
        resolver: Self.berlin, language: .de)
        == nil)
  }
}
