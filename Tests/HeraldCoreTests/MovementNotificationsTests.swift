import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 003's notifications through the planner: the reminder itself, snooze, follow-up and
/// progress report. Expected texts are the contract's and the README's, written out.
@Suite struct MovementNotificationsTests {
  static let berlin = Fixtures.zone("Europe/Berlin")
  /// Monday 2026-06-01, 08:00 in Berlin (+02:00).
  static let mondayMorning = Fixtures.instant("2026-06-01T06:00:00Z")
  /// Reminders every day, so that every day has a progress report.
  static let everyDay =
    (try? MovementSchedule(
      days: Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, DaySchedule.fallback) })))
    ?? ScheduleTemplate.gentleMovement.schedule

  static func schedule(_ style: NotificationStyle = .standard) throws -> MovementSchedule {
    let block = try TimeBlock(start: Fixtures.time(9, 0), end: Fixtures.time(17, 0), style: style)
    return try MovementSchedule(days: [.monday: .timeBlocks([block])])
  }

  /// A state with `schedule`, `log` (a device's log unless told otherwise) and `settings`.
  static func state(
    _ schedule: MovementSchedule, log: MovementLog? = MovementLog(), settings: Settings = Settings(),
    language: Language = .de
  ) -> PlanningState {
    PlanningState(
      timeZone: berlin, language: language, settings: settings, movement: schedule, movementLog: log)
  }

  /// The log after a reminder shown at `date`, not answered.
  static func shown(at date: Date) -> MovementLog {
    var log = MovementLog()
    log.recordReminderShown(at: date, on: berlin.day(at: date))
    return log
  }

  // MARK: The reminder

  @Test(arguments: [
    (Language.de, "Zeit für Bewegung", "Steh auf und beweg dich kurz."),
    (Language.en, "Time to move", "Stand up and move for a minute."),
  ])
  func reminderFollowsTheContract(language: Language, title: String, body: String) throws {
    let state = Self.state(try Self.schedule(), language: language)
    let planned = try #require(Fixtures.planned("exercise-reminder", state, at: Self.mondayMorning))
    #expect(planned.content.categoryIdentifier == "movement")
    #expect(planned.content.title == title)
    #expect(planned.content.body == body)
    // 09:45 local (09:00 + the default 45 minutes), an interval trigger counting from now.
    #expect(planned.fireDate == Fixtures.instant("2026-06-01T09:45:00+02:00"))
    #expect(planned.request.trigger == .timeInterval(seconds: 105 * 60))
    #expect(planned.content.interruptionLevel == .active && planned.content.sound == .default)
  }

  @Test func noReminderWhenTheScheduleHasNone() throws {
    let state = Self.state(try MovementSchedule())
    #expect(Planner.plan(state, now: Self.mondayMorning, limits: .unlimited).pending.isEmpty)
  }

  @Test func replanningGivesTheSameIdentifierForTheNextReminder() throws {
    // One pending movement request: the same id, so a reconciler replaces instead of piling up.
    let state = Self.state(try Self.schedule(.urgent), log: nil)
    let first = try #require(Fixtures.planned("exercise-reminder", state, at: Self.mondayMorning))
    let later = try #require(Fixtures.planned("exercise-reminder", state, at: first.fireDate))
    #expect(later.fireDate == first.fireDate.addingTimeInterval(45 * 60))
  }

  // MARK: Snooze

  @Test(arguments: Language.allCases)
  func snoozeIsFiveMinutesFromNowAndStandard(language: Language) throws {
    let now = Fixtures.instant("2026-06-01T07:45:12Z")
    var log = MovementLog()
    log.recordReminderShown(at: now.addingTimeInterval(-12), on: CivilDate(year: 2026, month: 6, day: 1)!)
    log.recordSnoozed(at: now)
    let state = Self.state(try Self.schedule(.gentle), log: log, language: language)
    let snoozed = try #require(Fixtures.planned("exercise-reminder-snooze", state, at: now))
    #expect(snoozed.fireDate == Fixtures.instant("2026-06-01T07:50:12Z"))
    #expect(snoozed.request.trigger == .timeInterval(seconds: 300))
    #expect(snoozed.content.interruptionLevel == .active)
    #expect(snoozed.content.sound == .default)
    #expect(snoozed.content.categoryIdentifier == "movement")
    #expect(snoozed.content.title == (language == .de ? "Zeit für Bewegung" : "Time to move"))
  }

  @Test func aSnoozeWhoseFiveMinutesHavePassedIsNoLongerPlanned() throws {
    let requested = Fixtures.instant("2026-06-01T07:45:00Z")
    var log = MovementLog()
    log.recordReminderShown(
      at: requested.addingTimeInterval(-60), on: CivilDate(year: 2026, month: 6, day: 1)!)
    log.recordSnoozed(at: requested)
    let state = Self.state(try Self.schedule(), log: log)
    #expect(Fixtures.planned("exercise-reminder-snooze", state, at: requested.addingTimeInterval(299)) != nil)
    #expect(Fixtures.planned("exercise-reminder-snooze", state, at: requested.addingTimeInterval(300)) == nil)
  }

  // MARK: Follow-up

  @Test(arguments: [
    (Language.de, "Noch nicht bewegt?", "Deine letzte Bewegungspause steht noch aus."),
    (Language.en, "Still sitting?", "Your last movement break is still waiting."),
  ])
  func followUpComesTenMinutesAfterTheReminderAndIsUrgent(language: Language, title: String, body: String)
    throws
  {
    let reminder = Fixtures.instant("2026-06-01T07:45:00Z")  // 09:45 local; the next at 10:30
    let state = Self.state(try Self.schedule(), log: Self.shown(at: reminder), language: language)
    let followUp = try #require(
      Fixtures.planned("exercise-reminder-follow-up", state, at: reminder.addingTimeInterval(60)))
    #expect(Settings().movementFollowUpMinutes == 10)
    #expect(followUp.fireDate == Fixtures.instant("2026-06-01T07:55:00Z"))
    #expect(followUp.request.trigger == .timeInterval(seconds: 9 * 60))
    #expect(followUp.content.categoryIdentifier == "movement-follow-up")
    #expect(followUp.content.interruptionLevel == .timeSensitive)
    #expect(followUp.content.sound == .default)
    #expect(followUp.content.title == title)
    #expect(followUp.content.body == body)
  }

  @Test func followUpHonoursTheSetting() throws {
    var settings = Settings()
    try settings.set(.movementFollowUpMinutes, to: .int(30))
    let reminder = Fixtures.instant("2026-06-01T07:45:00Z")
    let state = Self.state(try Self.schedule(), log: Self.shown(at: reminder), settings: settings)
    let followUp = Fixtures.planned("exercise-reminder-follow-up", state, at: reminder)
    #expect(followUp?.fireDate == Fixtures.instant("2026-06-01T08:15:00Z"))
  }

  @Test func noFollowUpOnceItsTimeHasPassed() throws {
    let reminder = Fixtures.instant("2026-06-01T07:45:00Z")
    let due = reminder.addingTimeInterval(10 * 60)
    let state = Self.state(try Self.schedule(), log: Self.shown(at: reminder))
    func followUp(at now: Date) -> PlannedNotification? {
      Fixtures.planned("exercise-reminder-follow-up", state, at: now)
    }
    #expect(followUp(at: due.addingTimeInterval(-1))?.request.trigger == .timeInterval(seconds: 1))
    #expect(followUp(at: due) == nil)
    #expect(followUp(at: due.addingTimeInterval(3600)) == nil)
  }

  @Test(arguments: [5, 10])
  func oneNudgeAtATime(interval: Int) throws {
    // Reminders every `interval` minutes from 09:00: the next regular one comes at or before the
    // follow-up (10 minutes), so the follow-up is dropped and only the regular reminder is planned.
    let block = try TimeBlock(
      start: Fixtures.time(9, 0), end: Fixtures.time(17, 0), style: .standard, intervalMinutes: interval)
    let schedule = try MovementSchedule(days: [.monday: .timeBlocks([block])])
    let reminder = Fixtures.instant("2026-06-01T09:05:00+02:00")
    let state = Self.state(schedule, log: Self.shown(at: reminder))
    let ids = Planner.plan(state, now: reminder, limits: .unlimited).pending.map(\.identifier)
    #expect(ids.contains("exercise-reminder"))
    #expect(!ids.contains("exercise-reminder-follow-up"))
  }

  @Test func theFollowUpStaysWhenTheNextReminderComesAfterIt() throws {
    // Every 11 minutes: 09:11 is shown, the next at 09:22 comes after the follow-up at 09:21.
    let block = try TimeBlock(
      start: Fixtures.time(9, 0), end: Fixtures.time(17, 0), style: .standard, intervalMinutes: 11)
    let schedule = try MovementSchedule(days: [.monday: .timeBlocks([block])])
    let reminder = Fixtures.instant("2026-06-01T09:11:00+02:00")
    let state = Self.state(schedule, log: Self.shown(at: reminder))
    let followUp = Fixtures.planned("exercise-reminder-follow-up", state, at: reminder)
    #expect(followUp?.fireDate == Fixtures.instant("2026-06-01T09:21:00+02:00"))
  }

  // MARK: Progress report

  @Test(arguments: [
    (Language.de, "Dein Bewegungstag", "3 von 5 Bewegungspausen erledigt."),
    (Language.en, "Your movement today", "3 of 5 movement breaks done."),
  ])
  func progressReportTodayCarriesTheDaysCounts(language: Language, title: String, body: String) throws {
    // Monday 18:00 local; the report is due at 20:00 today.
    let now = Fixtures.instant("2026-06-01T16:00:00Z")
    let log = MovementLog(
      progressDay: CivilDate(year: 2026, month: 6, day: 1),
      progress: MovementProgress(delivered: 5, acknowledged: 3))
    let state = Self.state(Self.everyDay, log: log, language: language)
    let report = try #require(Fixtures.planned("progress-report", state, at: now))
    #expect(report.fireDate == Fixtures.instant("2026-06-01T20:00:00+02:00"))
    #expect(report.content.title == title)
    #expect(report.content.body == body)
    #expect(report.content.categoryIdentifier == "progress-report")
    #expect(report.content.userInfo == ["day": "2026-06-01"])
    #expect(report.content.interruptionLevel == .passive)
    #expect(report.content.sound == nil)
    #expect(report.request.trigger == .timeInterval(seconds: 2 * 3600))
  }

  @Test func progressReportMovesToTomorrowOnceTheTimeHasCome() throws {
    // Exactly 20:00: today's report is not after now, so tomorrow's is planned, counted from zero.
    let now = Fixtures.instant("2026-06-01T20:00:00+02:00")
    let log = MovementLog(
      progressDay: CivilDate(year: 2026, month: 6, day: 1),
      progress: MovementProgress(delivered: 5, acknowledged: 3))
    let report = try #require(
      Fixtures.planned("progress-report", Self.state(Self.everyDay, log: log, language: .en), at: now))
    #expect(report.fireDate == Fixtures.instant("2026-06-02T20:00:00+02:00"))
    // Tomorrow's counts are not in yet: the report says so rather than "0 of 0".
    #expect(report.content.body == "No movement break reminded yet.")
    #expect(report.content.interruptionLevel == .passive && report.content.sound == nil)
  }

  @Test func progressReportTomorrowIsTomorrowsWallClockAcrossDST() throws {
    // Saturday 22:00 CET before spring-forward: Sunday 20:00 is CEST, 23 hours later.
    let now = Fixtures.instant("2026-03-28T21:00:00Z")
    let report = Fixtures.planned("progress-report", Self.state(Self.everyDay), at: now)
    #expect(report?.fireDate == Fixtures.instant("2026-03-29T18:00:00Z"))
  }

  @Test func progressReportSkipsDaysWithoutMovementReminders() throws {
    // Saturday noon with the Office Worker schedule (weekdays only): the next report is Monday's.
    let now = Fixtures.instant("2026-06-06T10:00:00Z")
    let report = try #require(
      Fixtures.planned("progress-report", Self.state(ScheduleTemplate.officeWorker.schedule), at: now))
    #expect(report.fireDate == Fixtures.instant("2026-06-08T20:00:00+02:00"))
    #expect(Fixtures.planned("progress-report", Self.state(try MovementSchedule(days: [:])), at: now) == nil)
  }

  @Test func progressReportHonoursItsSettings() throws {
    var settings = Settings()
    try settings.set(.progressReportTime, to: .time(Fixtures.time(7, 30)))
    let now = Self.mondayMorning  // 08:00 local: 07:30 has passed
    let report = Fixtures.planned("progress-report", Self.state(Self.everyDay, settings: settings), at: now)
    #expect(report?.fireDate == Fixtures.instant("2026-06-02T07:30:00+02:00"))
    try settings.set(.progressReportEnabled, to: .bool(false))
    #expect(
      Fixtures.planned("progress-report", Self.state(Self.everyDay, settings: settings), at: now) == nil)
  }

  @Test func aScenarioWithoutALogGetsNoFollowOnNotifications() throws {
    // A scenario document carries no log: only the regular reminder (the contract's plan).
    let ids = Planner.plan(Self.state(Self.everyDay, log: nil), now: Self.mondayMorning, limits: .unlimited)
      .pending.map(\.identifier)
    #expect(ids == ["exercise-reminder"])
  }
}
