import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Calendar components as blocks and tasks (`contracts/calendar.md`): ids, titles, times in
/// zones, gaps and overlaps, `VTIMEZONE`s, overrides, tasks, collisions.
@Suite struct CalendarImportTests {
  static let now = Date(timeIntervalSince1970: 1_763_812_800)  // 2025-11-22T12:00:00Z

  /// The calendar text's blocks and tasks for a Berlin scenario at `now`; merged from the
  /// components read whole and as the files stream, which must agree, error and all.
  static func merge(
    _ body: String, now: Date = now, horizon: Int = 14, language: Language = .de,
    scenario: PlanningState? = nil, extra: [String] = []
  ) throws -> PlanningState {
    let texts = ([body] + extra).map { Data("BEGIN:VCALENDAR\n\($0)\nEND:VCALENDAR\n".utf8) }
    let zone = Fixtures.zone("Europe/Berlin")
    let state = scenario ?? PlanningState(timeZone: zone, language: language)
    let whole = Result { () throws(FieldError) in
      let files = try texts.enumerated().map { (index, text) throws(FieldError) in
        CalendarImport.File(
          path: "cal\(index).ics", calendars: try ICalendarReader.read(text, path: "cal\(index).ics"))
      }
      return try CalendarImport.merge(files, into: state, now: now, horizonDays: horizon)
    }
    let streamed = Result { () throws(FieldError) in
      try CalendarImport.merge(
        reading: texts.enumerated().map { .data($1, path: "cal\($0).ics") }, into: state, now: now,
        horizonDays: horizon)
    }
    #expect(streamed == whole)
    return try whole.get()
  }

  static func refusal(_ body: String, scenario: PlanningState? = nil, extra: [String] = []) -> String? {
    do {
      _ = try merge(body, scenario: scenario, extra: extra)
      return nil
    } catch {
      return "\(error)"
    }
  }

  static func utc(_ date: Date) -> String { RFC3339.utcString(date) }

  @Test func theContractsStandupExample() throws {
    let state = try Self.merge(
      """
      BEGIN:VEVENT
      UID:standup-42
      DTSTART;TZID=Europe/Berlin:20261116T090000
      DURATION:PT15M
      RRULE:FREQ=WEEKLY;BYDAY=MO
      SUMMARY:Stand-up
      END:VEVENT
      """, now: Date(timeIntervalSince1970: 1_763_812_800 + 365 * 86_400), horizon: 3)
    #expect(state.focusBlocks.map(\.id) == ["standup-42/20261123T080000Z"])
    #expect(state.focusBlocks.first.map { Self.utc($0.end) } == "2026-11-23T08:15:00Z")
  }

  @Test func aSingleEventIsABlockWithItsUIDAndTheDefaultTitle() throws {
    let state = try Self.merge(
      """
      BEGIN:VEVENT
      UID:one
      DTSTART:20251123T080000Z
      DTEND:20251123T093000Z
      SUMMARY:
      BEGIN:VALARM
      ACTION:DISPLAY
      TRIGGER:-PT5M
      END:VALARM
      END:VEVENT
      BEGIN:VEVENT
      UID:all-day
      DTSTART;VALUE=DATE:20251124
      END:VEVENT
      BEGIN:VEVENT
      UID:cancelled
      DTSTART:20251124T080000Z
      STATUS:CANCELLED
      END:VEVENT
      BEGIN:VEVENT
      UID:far
      DTSTART:20251223T080000Z
      END:VEVENT
      """)
    #expect(
      state.focusBlocks == [
        FocusBlock(
          id: "one", title: "Focus Block", start: Date(timeIntervalSince1970: 1_763_884_800),
          end: Date(timeIntervalSince1970: 1_763_890_200))
      ])
  }

  @Test func gapAndOverlapFollowRFC5545() throws {
    let state = try Self.merge(
      """
      BEGIN:VEVENT
      UID:gap
      DTSTART;TZID=America/New_York:20070311T023000
      END:VEVENT
      BEGIN:VEVENT
      UID:overlap
      DTSTART;TZID=America/New_York:20071104T013000
      END:VEVENT
      """, now: Date(timeIntervalSince1970: 1_173_000_000), horizon: 366)
    // 03:30 EDT and 01:30 EDT.
    #expect(state.focusBlocks.map { Self.utc($0.start) } == ["2007-03-11T07:30:00Z", "2007-11-04T05:30:00Z"])
  }

  @Test func aSeriesAcrossTheGapKeepsItsWallClockAndMergesTwoReadingsOfOneInstant() throws {
    // 02:00 and 03:00 on 2007-03-11 in New York are one instant (07:00Z): one instance.
    let state = try Self.merge(
      """
      BEGIN:VEVENT
      UID:s
      DTSTART;TZID=America/New_York:20070310T020000
      RRULE:FREQ=DAILY;COUNT=6;BYHOUR=2,3
      END:VEVENT
      """, now: Date(timeIntervalSince1970: 1_173_000_000))
    #expect(
      state.focusBlocks.map(\.id) == [
        "s/20070310T070000Z", "s/20070310T080000Z", "s/20070311T070000Z", "s/20070312T060000Z",
        "s/20070312T070000Z",
      ])
  }

  @Test func aZoneDefinedByVTIMEZONEReadsLikeItsIANATwin() throws {
    let outlook = CalendarStreamImportTests.outlookZone
    func starts(_ tzid: String) throws -> [String] {
      try Self.merge(
        outlook + """

          BEGIN:VEVENT
          UID:w
          DTSTART;TZID="\(tzid)":20260325T023000
          RRULE:FREQ=DAILY;COUNT=8
          END:VEVENT
          """, now: Date(timeIntervalSince1970: 1_774_000_000)
      ).focusBlocks.map { Self.utc($0.start) }
    }
    let defined = try starts("W. Europe Standard Time")
    #expect(defined == (try starts("Europe/Berlin")))
    #expect(defined.contains("2026-03-29T01:30:00Z"))  // 02:30 skipped: the offset before the gap
    #expect(defined.last == "2026-04-01T00:30:00Z")
  }

  @Test func overridesReplaceMoveAndCancelInstances() throws {
    let state = try Self.merge(
      """
      BEGIN:VEVENT
      UID:s
      DTSTART;TZID=Europe/Berlin:20251124T090000
      RRULE:FREQ=DAILY;COUNT=4
      EXDATE;TZID=Europe/Berlin:20251127T090000
      SUMMARY:Deep Work
      END:VEVENT
      BEGIN:VEVENT
      UID:s
      RECURRENCE-ID;TZID=Europe/Berlin:20251125T090000
      DTSTART;TZID=Europe/Berlin:20251125T140000
      END:VEVENT
      BEGIN:VEVENT
      UID:s
      RECURRENCE-ID:20251126T080000Z
      DTSTART:20251126T080000Z
      STATUS:CANCELLED
      END:VEVENT
      """)
    #expect(state.focusBlocks.map(\.id) == ["s/20251124T080000Z", "s/20251125T080000Z"])
    #expect(state.focusBlocks.map(\.title) == ["Deep Work", "Focus Block"])
    #expect(state.focusBlocks.map { Self.utc($0.start) } == ["2025-11-24T08:00:00Z", "2025-11-25T13:00:00Z"])
  }

  @Test func extraDatesExcludedDatesAndOrphanOverrides() throws {
    let state = try Self.merge(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART;TZID=Europe/Berlin:20251124T090000
      RDATE;TZID=Europe/Berlin:20251125T100000,20251126T110000
      RDATE;VALUE=PERIOD:20251127T120000Z/PT1H
      EXDATE:20251126T110000
      END:VEVENT
      BEGIN:VEVENT
      UID:orphan
      RECURRENCE-ID;VALUE=DATE:20251128
      DTSTART:20251128T070000Z
      SUMMARY:Moved
      END:VEVENT
      """)
    #expect(
      state.focusBlocks.map(\.id) == [
        "r/20251124T080000Z", "r/20251125T090000Z", "r/20251127T120000Z", "orphan/20251128",
      ])
  }

  @Test func tasksTakeDueDatesTitlesAndCompletion() throws {
    let body = """
      BEGIN:VTODO
      UID:t1
      DUE;VALUE=DATE:20251124
      END:VTODO
      BEGIN:VTODO
      UID:t2
      DUE:20251125T160000Z
      SUMMARY:Steuer\\, Erklärung
      STATUS:COMPLETED
      END:VTODO
      BEGIN:VTODO
      UID:t3
      DUE:20251125T160000Z
      COMPLETED:20251120T100000Z
      END:VTODO
      BEGIN:VTODO
      UID:no-due
      END:VTODO
      """
    let german = try Self.merge(body)
    #expect(german.tasks.map(\.id) == ["t1", "t2", "t3"])
    #expect(german.tasks.map(\.title) == ["Aufgabe", "Steuer, Erklärung", "Aufgabe"])
    #expect(german.tasks.map(\.completed) == [false, true, true])
    #expect(german.tasks.first?.due.map(Self.utc) == "2025-11-24T22:59:00Z")  // 23:59 in Berlin
    #expect(try Self.merge(body, language: .en).tasks.first?.title == "Task")
  }

  @Test func aRecurringTaskMovesItsDueWithEachInstance() throws {
    let state = try Self.merge(
      """
      BEGIN:VTODO
      UID:weekly
      DTSTART;TZID=Europe/Berlin:20251020T090000
      DUE;TZID=Europe/Berlin:20251021T170000
      RRULE:FREQ=WEEKLY
      END:VTODO
      BEGIN:VTODO
      UID:dated
      DUE;VALUE=DATE:20251101
      RRULE:FREQ=MONTHLY
      END:VTODO
      """, horizon: 11)
    #expect(
      state.tasks.map(\.id) == ["weekly/20251124T080000Z", "weekly/20251201T080000Z", "dated/20251201"])
    // 17:00 in Berlin (CET) a day after each start.
    #expect(
      state.tasks.map { $0.due.map(Self.utc) ?? "" } == [
        "2025-11-25T16:00:00Z", "2025-12-02T16:00:00Z", "2025-12-01T22:59:00Z",
      ])
  }

  @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
    let text =
      "\u{FEFF}BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:bom\r\nDTSTART:20251124T080000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let state = try CalendarImport.merge(
      [.init(path: "bom.ics", calendars: ICalendarReader.read(Data(text.utf8), path: "bom.ics"))],
      into: PlanningState(timeZone: .utc), now: Self.now, horizonDays: 14)
    #expect(state.focusBlocks.map(\.id) == ["bom"])
  }

  @Test func refusedPartsNameFileLineUIDAndProblem() {
    #expect(
      Self.refusal("BEGIN:VEVENT\nUID:h\nDTSTART:20251124T080000Z\nRRULE:FREQ=HOURLY\nEND:VEVENT")
        == "cal0.ics: line 5: UID h: RRULE: FREQ=HOURLY is refused: Herald expands DAILY, WEEKLY, MONTHLY and YEARLY rules"
    )
    #expect(
      Self.refusal(
        "BEGIN:VEVENT\nUID:r\nRECURRENCE-ID;RANGE=THISANDFUTURE:20251124T080000Z\nDTSTART:20251124T090000Z\nEND:VEVENT"
      )
        == "cal0.ics: line 4: UID r: RECURRENCE-ID: RANGE=THISANDFUTURE is refused: override each instance")
    #expect(
      Self.refusal("BEGIN:VEVENT\nUID:z\nDTSTART;TZID=Mars/Olympus:20251124T080000\nEND:VEVENT")
        == "cal0.ics: line 4: UID z: unknown TZID \"Mars/Olympus\": not an IANA time zone and no VTIMEZONE defines it"
    )
    #expect(
      Self.refusal("BEGIN:VEVENT\nUID:d\nDTSTART:20250231T080000Z\nEND:VEVENT")
        == "cal0.ics: line 4: UID d: DTSTART: not a date-time YYYYMMDDTHHMMSS[Z]: \"20250231T080000Z\"")
  }

  @Test func idCollisionsAreErrors() {
    let one = "BEGIN:VEVENT\nUID:b1\nDTSTART:20251124T080000Z\nEND:VEVENT"
    #expect(
      Self.refusal(one + "\n" + one)
        == "cal0.ics: line 6: UID b1: the UID is used by another VEVENT (line 2 of cal0.ics)")
    #expect(
      Self.refusal(one, extra: [one])
        == "cal1.ics: line 2: UID b1: the UID is used by another VEVENT (line 2 of cal0.ics)")
    let zone = Fixtures.zone("Europe/Berlin")
    let scenario = PlanningState(
      timeZone: zone, focusBlocks: [FocusBlock(id: "b1", title: "x", start: Self.now, end: Self.now)])
    #expect(
      Self.refusal(one, scenario: scenario)
        == "cal0.ics: line 2: UID b1: id \"b1\" is also an id of the scenario")
    // A single component's id is its UID whatever the horizon.
    let later = one.replacingOccurrences(of: "20251124", with: "20270101")
    #expect(
      Self.refusal(later, scenario: scenario)
        == "cal0.ics: line 2: UID b1: id \"b1\" is also an id of the scenario")
  }
}
