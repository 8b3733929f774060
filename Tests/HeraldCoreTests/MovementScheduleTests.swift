import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// contracts/plan.md, "Movement reminder": which candidate is the next reminder, and when it fires.
@Suite struct MovementScheduleTests {
  // 2026-06-01 is a Monday; 2026-03-29 and 2026-10-25 are the Sundays of Berlin's DST changes.

  func block(
    _ start: String, _ end: String, _ style: NotificationStyle = .standard, every interval: Int? = nil
  ) throws -> TimeBlock {
    try TimeBlock(
      start: #require(WallClockTime(start)), end: #require(WallClockTime(end)), style: style,
      intervalMinutes: interval)
  }

  func next(_ schedule: MovementSchedule, after now: String, in calendar: Calendar = Fixtures.berlin)
    -> MovementReminder?
  {
    schedule.nextReminder(
      after: Fixtures.instant(now), zone: calendar.zone)
  }

  /// Every reminder from `now` on, as RFC 3339 instants, until `count` are found.
  func upcoming(
    _ schedule: MovementSchedule, from now: String, count: Int, in calendar: Calendar = Fixtures.berlin
  )
    -> [String]
  {
    var found: [String] = []
    var cursor = Fixtures.instant(now)
    let resolver = calendar.zone
    while found.count < count, let reminder = schedule.nextReminder(after: cursor, zone: resolver) {
      found.append(RFC3339.utcString(reminder.fireDate))
      cursor = reminder.fireDate
    }
    return found
  }

  // MARK: Candidates

  @Test func blockYieldsStartPlusMultiplesOfIntervalBeforeItsEnd() throws {
    // Given Monday 09:00–10:30 every 30 minutes: 09:30 and 10:00; not 09:00 (k ≥ 1), not 10:30 (the end)
    let schedule = try MovementSchedule(days: [.monday: .timeBlocks([block("09:00", "10:30", every: 30)])])
    #expect(
      upcoming(schedule, from: "2026-06-01T06:00:00Z", count: 3) == [
        "2026-06-01T07:30:00Z", "2026-06-01T08:00:00Z", "2026-06-08T07:30:00Z",
      ])
  }

  @Test func blocksOwnIntervalOverridesTheProfiles() throws {
    let own = try MovementSchedule(
      intervalMinutes: 45, days: [.monday: .timeBlocks([block("09:00", "12:00", every: 20)])])
    let inherited = try MovementSchedule(
      intervalMinutes: 45, days: [.monday: .timeBlocks([block("09:00", "12:00")])])
    #expect(
      upcoming(own, from: "2026-06-01T06:00:00Z", count: 2) == [
        "2026-06-01T07:20:00Z", "2026-06-01T07:40:00Z",
      ])
    #expect(
      upcoming(inherited, from: "2026-06-01T06:00:00Z", count: 2) == [
        "2026-06-01T07:45:00Z", "2026-06-01T08:30:00Z",
      ])
  }

  @Test func fixedTimesAreStandardInTimeOrder() throws {
    // Given Saturday's times listed out of order
    let schedule = try MovementSchedule(days: [
      .saturday: .fixedTimes([Fixtures.time(16, 30), Fixtures.time(10, 0)])
    ])
    let first = try #require(next(schedule, after: "2026-06-06T06:00:00Z"))
    #expect(first.fireDate == Fixtures.instant("2026-06-06T10:00:00+02:00"))
    #expect(first.style == .standard)
    #expect(first.time == Fixtures.time(10, 0) && first.day == CivilDate(year: 2026, month: 6, day: 6))
    #expect(
      next(schedule, after: "2026-06-06T08:00:00Z")?.fireDate == Fixtures.instant("2026-06-06T16:30:00+02:00")
    )
  }

  @Test func fallbackIsOneStandardBlockOverActiveHoursAtTheFallbackInterval() throws {
    // Given Sunday on fallback, active 06:30–08:15, fallback every 30 (the profile's 45 does not apply)
    let schedule = try MovementSchedule(
      intervalMinutes: 45, fallbackIntervalMinutes: 30, activeHoursStart: Fixtures.time(6, 30),
      activeHoursEnd: Fixtures.time(8, 15), days: [.sunday: .fallback])
    #expect(
      upcoming(schedule, from: "2026-06-07T00:00:00Z", count: 4) == [
        "2026-06-07T05:00:00Z", "2026-06-07T05:30:00Z", "2026-06-07T06:00:00Z", "2026-06-14T05:00:00Z",
      ])
    #expect(next(schedule, after: "2026-06-07T00:00:00Z")?.style == .standard)
  }

  @Test func fallbackDefaultsAreEightToEightHourly() throws {
    let schedule = try MovementSchedule(days: [.sunday: .fallback])
    let times = upcoming(schedule, from: "2026-06-07T00:00:00+02:00", count: 12)
    #expect(times.first == "2026-06-07T07:00:00Z")  // 09:00 local
    #expect(times[10] == "2026-06-07T17:00:00Z")  // 19:00 local, the last before 20:00
    #expect(times[11] == "2026-06-14T07:00:00Z")
  }

  // MARK: Choosing among candidates

  @Test func earliestCandidateWinsWhicheverBlockListsIt() throws {
    // The urgent block is listed first, but the gentle one's 09:20 comes before its 09:30.
    let schedule = try MovementSchedule(
      days: [
        .monday: .timeBlocks([
          block("09:00", "11:00", .urgent, every: 30), block("09:00", "11:00", .gentle, every: 20),
        ])
      ])
    let reminder = try #require(next(schedule, after: "2026-06-01T06:00:00Z"))
    #expect(reminder.fireDate == Fixtures.instant("2026-06-01T09:20:00+02:00"))
    #expect(reminder.style == .gentle)
  }

  @Test func tieAtTheSameInstantGoesToTheBlockListedFirst() throws {
    // Both blocks remind at 10:00 and 10:30; from 09:45 on the first-listed block's style wins.
    let gentle = try block("09:00", "11:00", .gentle, every: 30)
    let urgent = try block("09:30", "11:00", .urgent, every: 30)
    let gentleFirst = try MovementSchedule(days: [.monday: .timeBlocks([gentle, urgent])])
    let urgentFirst = try MovementSchedule(days: [.monday: .timeBlocks([urgent, gentle])])
    #expect(next(gentleFirst, after: "2026-06-01T07:45:00Z")?.style == .gentle)
    #expect(next(urgentFirst, after: "2026-06-01T07:45:00Z")?.style == .urgent)
    #expect(
      next(urgentFirst, after: "2026-06-01T07:45:00Z")?.fireDate == Fixtures.instant("2026-06-01T08:00:00Z"))
  }

  @Test func candidateMustBeStrictlyAfterNow() throws {
    let schedule = try MovementSchedule(days: [.monday: .timeBlocks([block("09:00", "11:00", every: 30)])])
    #expect(
      next(schedule, after: "2026-06-01T07:29:59Z")?.fireDate == Fixtures.instant("2026-06-01T07:30:00Z"))
    #expect(
      next(schedule, after: "2026-06-01T07:30:00Z")?.fireDate == Fixtures.instant("2026-06-01T08:00:00Z"))
  }

  @Test func unlistedWeekdaysHaveNoReminders() throws {
    // Only Monday is listed: from Tuesday the next reminder is next Monday's first.
    let schedule = try MovementSchedule(days: [.monday: .fixedTimes([Fixtures.time(10, 0)])])
    #expect(
      next(schedule, after: "2026-06-02T06:00:00Z")?.fireDate == Fixtures.instant("2026-06-08T08:00:00Z"))
    #expect(try next(MovementSchedule(), after: "2026-06-02T06:00:00Z") == nil)
  }

  @Test func todayPlusSevenDaysIsSearched() throws {
    // Monday 12:00, and Monday's only reminder at 10:00 has passed: next Monday is day 7, still in reach.
    let schedule = try MovementSchedule(days: [.monday: .fixedTimes([Fixtures.time(10, 0)])])
    let reminder = try #require(next(schedule, after: "2026-06-01T10:00:00Z"))
    #expect(reminder.fireDate == Fixtures.instant("2026-06-08T10:00:00+02:00"))
    // The last minute of day 7 is in reach as well.
    let late = try MovementSchedule(days: [.monday: .fixedTimes([Fixtures.time(23, 59)])])
    #expect(
      next(late, after: "2026-06-01T21:59:30Z")?.fireDate == Fixtures.instant("2026-06-08T23:59:00+02:00"))
  }

  @Test func listedDaysWithoutCandidatesGiveNone() throws {
    // A block too short for one interval and an empty list of times name no reminder at all.
    let schedule = try MovementSchedule(
      days: [
        .monday: .timeBlocks([block("09:00", "09:30", every: 45)]), .tuesday: .fixedTimes([]),
        .wednesday: .timeBlocks([]),
      ])
    #expect(next(schedule, after: "2026-06-01T00:00:00Z") == nil)
  }

  // MARK: Time zones and DST

  @Test func skippedTimeKeepsTheOffsetBeforeTheChange() throws {
    // Berlin, 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 is read with +01:00, so 01:30Z.
    let schedule = try MovementSchedule(days: [.sunday: .fixedTimes([Fixtures.time(2, 30)])])
    let reminder = try #require(next(schedule, after: "2026-03-29T00:00:00Z"))
    #expect(reminder.fireDate == Fixtures.instant("2026-03-29T01:30:00Z"))
    #expect(reminder.time == Fixtures.time(2, 30))
  }

  @Test func blockAcrossTheSpringForwardGap() throws {
    // 01:30 → 00:30Z, 02:00 → 01:00Z, 02:30 → 01:30Z, 03:00 → 01:00Z, 03:30 → 01:30Z.
    let schedule = try MovementSchedule(days: [.sunday: .timeBlocks([block("01:00", "04:00", every: 30)])])
    #expect(
      upcoming(schedule, from: "2026-03-29T00:00:00Z", count: 4) == [
        "2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", "2026-03-29T01:30:00Z", "2026-04-04T23:30:00Z",
      ])
  }

  @Test func gapMakesTwoBlocksTieAndTheFirstListedWins() throws {
    // 02:30 (skipped) and 03:30 are the same instant, 01:30Z, on the spring-forward night.
    let gentle = try block("02:00", "03:00", .gentle, every: 30)
    let urgent = try block("03:00", "04:00", .urgent, every: 30)
    let a = try MovementSchedule(days: [.sunday: .timeBlocks([gentle, urgent])])
    let b = try MovementSchedule(days: [.sunday: .timeBlocks([urgent, gentle])])
    #expect(next(a, after: "2026-03-29T01:00:00Z")?.style == .gentle)
    #expect(next(b, after: "2026-03-29T01:00:00Z")?.style == .urgent)
    #expect(next(b, after: "2026-03-29T01:00:00Z")?.fireDate == Fixtures.instant("2026-03-29T01:30:00Z"))
  }

  @Test func repeatedTimeResolvesToTheEarlierInstantOnly() throws {
    // Berlin, 2026-10-25: 03:00 CEST falls back to 02:00 CET; 02:30 happens at 00:30Z and 01:30Z.
    let schedule = try MovementSchedule(days: [
      .sunday: .fixedTimes([Fixtures.time(2, 30), Fixtures.time(3, 0)])
    ])
    #expect(
      next(schedule, after: "2026-10-25T00:00:00Z")?.fireDate == Fixtures.instant("2026-10-25T00:30:00Z"))
    // At the first 02:30 the second one is not a reminder: 03:00 CET (02:00Z) is next.
    #expect(
      next(schedule, after: "2026-10-25T00:30:00Z")?.fireDate == Fixtures.instant("2026-10-25T02:00:00Z"))
  }

  @Test func halfHourZoneAndItsOwnToday() throws {
    // Asia/Kolkata is UTC+05:30 all year. 2026-05-31T18:45Z is already Monday 00:15 there.
    let schedule = try MovementSchedule(
      days: [
        .monday: .fixedTimes([Fixtures.time(0, 30), Fixtures.time(9, 0)]),
        .sunday: .fixedTimes([Fixtures.time(23, 50)]),
      ])
    #expect(
      upcoming(schedule, from: "2026-05-31T18:45:00Z", count: 3, in: Fixtures.kolkata) == [
        "2026-05-31T19:00:00Z", "2026-06-01T03:30:00Z", "2026-06-07T18:20:00Z",
      ])
  }

  @Test func newYorkAcrossBothChanges() throws {
    // 2026-03-08: 02:30 does not exist (read with −05:00: 07:30Z). 2026-11-01: 01:30 exists twice.
    let schedule = try MovementSchedule(days: [
      .sunday: .fixedTimes([Fixtures.time(1, 30), Fixtures.time(2, 30)])
    ])
    #expect(
      upcoming(schedule, from: "2026-03-08T05:00:00Z", count: 2, in: Fixtures.newYork) == [
        "2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z",
      ])
    #expect(
      upcoming(schedule, from: "2026-11-01T04:00:00Z", count: 2, in: Fixtures.newYork) == [
        "2026-11-01T05:30:00Z", "2026-11-01T07:30:00Z",
      ])
    // Sunday 23:00 EDT is Monday 03:00Z: "today" is still Sunday in New York.
    let late = try MovementSchedule(days: [.sunday: .fixedTimes([Fixtures.time(23, 30)])])
    #expect(
      next(late, after: "2026-03-09T03:00:00Z", in: Fixtures.newYork)?.fireDate
        == Fixtures.instant("2026-03-09T03:30:00Z"))
  }
}
