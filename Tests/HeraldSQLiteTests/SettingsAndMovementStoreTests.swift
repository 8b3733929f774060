import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// Settings, language, the movement schedule and the movement log.
@Suite struct SettingsAndMovementStoreTests {
  @Test func aSettingIsStoredAndReadBack() throws {
    let store = try SQLiteStore.inMemory()
    try store.set(.dueDateAdvanceReminderMinutes, .int(30))
    try store.set(.progressReportTime, .time(Fixtures.time(21, 15)))
    try store.set(.dueDateMorningReminderEnabled, .bool(false))
    var expected = Settings()
    expected.dueDateAdvanceReminderMinutes = .thirtyMinutes
    expected.progressReportTime = Fixtures.time(21, 15)
    expected.dueDateMorningReminderEnabled = false
    #expect(try store.settings() == expected)
  }

  @Test func aSettingOutOfRangeIsRefusedAsTheCoreRefusesIt() throws {
    let store = try SQLiteStore.inMemory()
    #expect(throws: FieldError("dueDateMorningReminderHour", "expected an integer 0–23, got 25")) {
      try store.set(.dueDateMorningReminderHour, .int(25))
    }
    #expect(throws: FieldError.self) { try store.set(.focusBlockLeadMinutes, .bool(true)) }
    #expect(try store.settings() == Settings())
  }

  @Test func settingADayWithoutAProfileStartsFromTheDefaultProfile() throws {
    let store = try SQLiteStore.inMemory()
    let block = try TimeBlock(
      start: Fixtures.time(9, 0), end: Fixtures.time(17, 0), style: .urgent, intervalMinutes: 50)
    try store.setDay(.monday, .timeBlocks([block]))
    try store.setDay(.saturday, .fixedTimes([Fixtures.time(16, 30), Fixtures.time(10, 0)]))
    try store.setDay(.sunday, .fallback)
    try store.setDay(.saturday, nil)
    let expected = try MovementSchedule(days: [.monday: .timeBlocks([block]), .sunday: .fallback])
    #expect(try store.movementSchedule() == expected)
  }

  @Test func theMovementLogCountsPerDayInTheGivenZone() throws {
    let store = try SQLiteStore.inMemory()
    let berlin = Fixtures.zone("Europe/Berlin")
    // 22:30Z on the 23rd is already the 24th in Berlin.
    try shown(Fixtures.instant("2026-11-23T21:30:00Z"), in: berlin, store)
    try store.acknowledgeMovement(at: Fixtures.instant("2026-11-23T21:35:00Z"), timeZone: berlin)
    try shown(Fixtures.instant("2026-11-23T23:30:00Z"), in: berlin, store)
    let log = try #require(try store.snoozeMovement(at: Fixtures.instant("2026-11-23T23:31:00Z")))
    #expect(log.progressDay == CivilDate(year: 2026, month: 11, day: 24))
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 0))
    #expect(log.lastReminderAt == Fixtures.instant("2026-11-23T23:30:00Z"))
    #expect(log.lastReminderAnswered)
    #expect(log.snoozedAt == Fixtures.instant("2026-11-23T23:31:00Z"))
    #expect(try store.movementLog() == log)

    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    #expect(try store.planningState(timeZone: berlin).movementLog == log)
  }

  @Test func acknowledgingEndsASnooze() throws {
    let store = try SQLiteStore.inMemory()
    let utc = Fixtures.zone("UTC")
    try shown(Fixtures.instant("2026-11-23T10:00:00Z"), in: utc, store)
    try store.snoozeMovement(at: Fixtures.instant("2026-11-23T10:01:00Z"))
    let log = try #require(
      try store.acknowledgeMovement(at: Fixtures.instant("2026-11-23T10:06:00Z"), timeZone: utc))
    #expect(log.snoozedAt == nil)
    #expect(log.progress == MovementProgress(delivered: 1, acknowledged: 1))
  }

  /// A movement reminder shown at `date`, recorded as the daemon records it: the delivery with its
  /// effect, counted on its day in `zone`.
  private func shown(_ date: Date, in zone: Zone, _ store: SQLiteStore) throws {
    let day = zone.day(at: date)
    try store.recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: date), deliveredAt: date, late: false,
      effects: [.movementReminderShown(at: date, day: day)])
  }
}
