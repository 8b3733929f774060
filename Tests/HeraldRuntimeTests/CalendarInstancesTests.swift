import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Logging
import Testing

/// A followed calendar is parsed once per change of it, not at every plan (`CalendarInstances`),
/// and what is kept between plans is what reading the plan's own window gives.
@Suite struct CalendarInstancesTests {
  let start = Fixtures.instant("2026-11-23T07:00:00Z")  // Monday 08:00 in Berlin

  /// Deep Work every Monday 08:00 UTC; a review on 23 November at `reviewAt`; a report due every
  /// day at 17:00 UTC; the series' instance of 30 November moved to 12:00.
  static func calendar(reviewAt: String = "20261123T093000Z") -> Data {
    Data(
      """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Herald tests//EN\r
      BEGIN:VEVENT\r
      UID:deep-work\r
      DTSTAMP:20261101T000000Z\r
      DTSTART:20261102T080000Z\r
      DTEND:20261102T100000Z\r
      RRULE:FREQ=WEEKLY\r
      SUMMARY:Deep Work\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:deep-work\r
      DTSTAMP:20261101T000000Z\r
      RECURRENCE-ID:20261130T080000Z\r
      DTSTART:20261130T120000Z\r
      DTEND:20261130T140000Z\r
      SUMMARY:Deep Work, later\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:review\r
      DTSTAMP:20261101T000000Z\r
      DTSTART:\(reviewAt)\r
      DTEND:20261123T110000Z\r
      SUMMARY:Review\r
      END:VEVENT\r
      BEGIN:VTODO\r
      UID:report\r
      DTSTAMP:20261101T000000Z\r
      DTSTART:20261101T090000Z\r
      DUE:20261101T170000Z\r
      RRULE:FREQ=DAILY\r
      SUMMARY:Report\r
      END:VTODO\r
      END:VCALENDAR\r

      """.utf8)
  }

  func following(_ data: Data = Self.calendar()) throws -> (SQLiteStore, String, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    let store = try SQLiteStore(path: directory.path("herald.sqlite"))
    let calendar = try store.addCalendar(
      FollowedCalendar(name: "Arbeit", kind: .file, source: "/calendars/work.ics"),
      items: [CalendarItem(href: "work.ics", data: data)], readAt: start)
    return (store, calendar.id, directory)
  }

  @Test func theDaemonParsesAFollowedCalendarOncePerChangeOfIt() async throws {
    let (store, calendar, directory) = try following()
    defer { directory.remove() }
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: FixedTimeZoneSource(Fixtures.zone("Europe/Berlin")),
      sinks: [StdoutSink(write: recorder.write)], configuration: DaemonConfiguration(),
      logger: Logger(label: "test"))
    try await daemon.start()
    #expect(daemon.calendarInstances.reads == 1)

    // The person's own changes (another process's) replan without parsing the calendar again.
    let other = try SQLiteStore(path: directory.path("herald.sqlite"))
    _ = try other.addTask(title: "Call Ada", due: start + 7200)
    clock.advance(by: 1)
    try await daemon.tick()
    _ = try other.addFocusBlock(id: "own", title: "Own", start: start + 9000, end: start + 9600)
    clock.advance(by: 1)
    try await daemon.tick()
    try await daemon.calendarsRead()
    #expect(daemon.calendarInstances.reads == 1)

    // The calendar's review moves from 09:30 to 10:00: read again, and reminded at its new time.
    try store.replaceCalendarItems(
      calendar, items: [CalendarItem(href: "work.ics", data: Self.calendar(reviewAt: "20261123T100000Z"))],
      readAt: clock.now())
    try await daemon.calendarsRead()
    #expect(daemon.calendarInstances.reads == 2)
    clock.advance(by: Fixtures.instant("2026-11-23T09:25:00Z").timeIntervalSince(clock.now()))
    try await daemon.tick()
    #expect(!Self.mentions("Review", recorder), "\(recorder.lines)")
    clock.advance(by: 30 * 60)
    try await daemon.tick()
    #expect(Self.mentions("Review", recorder), "\(recorder.lines)")
    // The Deep Work of this Monday (07:55 UTC) was reminded from the copy kept.
    #expect(Self.mentions("Deep Work", recorder), "\(recorder.lines)")
    #expect(daemon.calendarInstances.reads == 2)

    // A day on, the window has moved: read once more.
    clock.advance(by: 86_400)
    try await daemon.calendarsRead()
    #expect(daemon.calendarInstances.reads == 3)
  }

  /// Whether a reminder delivered so far says `text`.
  static func mentions(_ text: String, _ recorder: DeliveryRecorder) -> Bool {
    recorder.lines.contains { line in line.values.contains { ($0 as? String)?.contains(text) == true } }
  }

  @Test func whatIsKeptBetweenPlansIsWhatThePlansWindowReads() throws {
    let (store, _, directory) = try following()
    defer { directory.remove() }
    // Blocks and tasks of the person's own, one of them with an id the calendar must not take.
    _ = try store.addTask(id: "errand", title: "Errand", due: start + 3600)
    let zone = Fixtures.zone("Europe/Berlin")
    let instances = CalendarInstances()
    // Every 47 minutes over three weeks: instances enter and leave the window at all hours.
    var now = start.addingTimeInterval(-9 * 86_400)
    var plans = 0
    while now < start.addingTimeInterval(12 * 86_400) {
      let kept = try CalendarPlanning.planningState(
        store: store, timeZone: zone, now: now, instances: instances)
      let read = try CalendarPlanning.planningState(store: store, timeZone: zone, now: now)
      #expect(kept.state == read.state, "at \(now)")
      #expect(kept.calendars == read.calendars, "at \(now)")
      #expect(kept.problems == read.problems)
      now += 47 * 60
      plans += 1
    }
    #expect(plans > 600)
    // Parsed once a day of the window's start, not once a plan.
    #expect(instances.reads <= 22, "\(instances.reads)")
  }

  @Test func aCalendarThatCannotBeMergedIsReportedAsWithoutTheKeptCopy() throws {
    let (store, _, directory) = try following()
    defer { directory.remove() }
    let zone = Fixtures.zone("Europe/Berlin")
    let instances = CalendarInstances()
    let before = try CalendarPlanning.planningState(
      store: store, timeZone: zone, now: start, instances: instances)
    #expect(before.problems.isEmpty)
    // The person names a block of their own as the calendar's review: the calendar is left out.
    _ = try store.addFocusBlock(id: "review", title: "Mine", start: start + 86_400, end: start + 90_000)
    let kept = try CalendarPlanning.planningState(
      store: store, timeZone: zone, now: start, instances: instances)
    let read = try CalendarPlanning.planningState(store: store, timeZone: zone, now: start)
    #expect(kept.problems.count == 1)
    #expect(kept.problems == read.problems)
    #expect(kept.state == read.state)
    #expect(!kept.state.focusBlocks.contains { $0.id.hasPrefix("deep-work") })
  }
}
