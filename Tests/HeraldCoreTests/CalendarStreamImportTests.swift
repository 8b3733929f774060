import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Calendars merged as they stream (`CalendarImport.merge(reading:)`): a `VTIMEZONE` after the
/// components that use it, components far from the window passed over yet still checked, and
/// problems in the order a whole-file read gives them.
@Suite struct CalendarStreamImportTests {
  static let zone = Fixtures.zone("Europe/Berlin")

  /// Outlook's Central European time, under its Windows name.
  static let outlookZone = """
    BEGIN:VTIMEZONE
    TZID:W. Europe Standard Time
    BEGIN:STANDARD
    DTSTART:16010101T030000
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
    END:STANDARD
    BEGIN:DAYLIGHT
    DTSTART:16010101T020000
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
    END:DAYLIGHT
    END:VTIMEZONE
    """

  /// A single block near `now`, one far from it, a series with an excluded date, an added date
  /// and a moved instance, and a task: all in the Outlook zone.
  static let components = """
    BEGIN:VEVENT
    UID:near
    DTSTART;TZID="W. Europe Standard Time":20251124T090000
    DTEND;TZID="W. Europe Standard Time":20251124T100000
    SUMMARY:Nah
    END:VEVENT
    BEGIN:VEVENT
    UID:far
    DTSTART;TZID="W. Europe Standard Time":20200101T090000
    DESCRIPTION:Lange her
    END:VEVENT
    BEGIN:VEVENT
    UID:series
    DTSTART;TZID="W. Europe Standard Time":20250106T080000
    DURATION:PT30M
    RRULE:FREQ=WEEKLY;BYDAY=MO,TH
    EXDATE;TZID="W. Europe Standard Time":20251127T080000
    RDATE;TZID="W. Europe Standard Time":20251129T100000
    SUMMARY:Serie
    END:VEVENT
    BEGIN:VEVENT
    UID:series
    RECURRENCE-ID;TZID="W. Europe Standard Time":20251201T080000
    DTSTART;TZID="W. Europe Standard Time":20251201T093000
    SUMMARY:Verschoben
    END:VEVENT
    BEGIN:VTODO
    UID:todo
    DUE;TZID="W. Europe Standard Time":20251130T170000
    SUMMARY:Abgabe
    END:VTODO
    """

  static func calendar(_ body: String) -> String { "BEGIN:VCALENDAR\nVERSION:2.0\n\(body)\nEND:VCALENDAR\n" }

  /// The texts merged as they stream, or the error.
  static func streamed(_ texts: [String], scenario: PlanningState? = nil) -> Result<PlanningState, FieldError>
  {
    Result { () throws(FieldError) in
      try CalendarImport.merge(
        reading: texts.enumerated().map { .data(Data($1.utf8), path: "cal\($0).ics") },
        into: scenario ?? PlanningState(timeZone: zone), now: CalendarImportTests.now, horizonDays: 14)
    }
  }

  static func refusal(_ texts: [String], scenario: PlanningState? = nil) -> String? {
    guard case .failure(let error) = streamed(texts, scenario: scenario) else { return nil }
    return error.description
  }

  @Test func aVTIMEZONEThatComesLastPlansAsOneThatComesFirst() throws {
    let first = try Self.streamed([Self.calendar(Self.outlookZone + "\n" + Self.components)]).get()
    let last = try Self.streamed([Self.calendar(Self.components + "\n" + Self.outlookZone)]).get()
    #expect(first == last)
    #expect(
      first.focusBlocks.map(\.id) == [
        "near", "series/20251124T070000Z", "series/20251129T090000Z", "series/20251204T070000Z",
        "series/20251201T070000Z",
      ])
    #expect(first.focusBlocks.map { RFC3339.utcString($0.start) }.first == "2025-11-24T08:00:00Z")
    #expect(first.focusBlocks.last.map { RFC3339.utcString($0.start) } == "2025-12-01T08:30:00Z")
    #expect(first.tasks.map { RFC3339.utcString($0.due ?? .distantPast) } == ["2025-11-30T16:00:00Z"])
    // The same from components read whole.
    let whole = try CalendarImport.merge(
      [
        .init(
          path: "cal0.ics",
          calendars: ICalendarReader.read(
            Data(Self.calendar(Self.components + "\n" + Self.outlookZone).utf8), path: "cal0.ics"))
      ],
      into: PlanningState(timeZone: Self.zone), now: CalendarImportTests.now, horizonDays: 14)
    #expect(whole == last)
  }

  @Test func aTZIDNoVTIMEZONEDefinesIsRefusedEvenFarFromTheWindow() {
    let far = "BEGIN:VEVENT\nUID:far\nDTSTART;TZID=Nowhere Standard Time:20200101T090000\nEND:VEVENT"
    #expect(
      Self.refusal([Self.calendar(far + "\n" + Self.outlookZone)])
        == "cal0.ics: line 5: UID far: unknown TZID \"Nowhere Standard Time\": not an IANA time zone and no VTIMEZONE defines it"
    )
    // Used before a later problem of its component, it is the problem reported.
    let twice = far.replacingOccurrences(of: "END:VEVENT", with: "DURATION:bald\nEND:VEVENT")
    #expect(
      Self.refusal([Self.calendar(twice)])?.hasPrefix("cal0.ics: line 5: UID far: unknown TZID") == true)
    // Used after an earlier component's problem, it is not.
    let bad = "BEGIN:VEVENT\nUID:bad\nDTSTART:2020\nEND:VEVENT\n" + far
    #expect(
      Self.refusal([Self.calendar(bad)])
        == "cal0.ics: line 5: UID bad: DTSTART: not a date-time YYYYMMDDTHHMMSS[Z]: \"2020\"")
    // A bad VTIMEZONE comes first, wherever it is.
    let badZone = "BEGIN:VTIMEZONE\nTZID:Kaputt\nEND:VTIMEZONE"
    #expect(
      Self.refusal([Self.calendar(bad + "\n" + badZone)])
        == "cal0.ics: line 11: VTIMEZONE Kaputt: no STANDARD or DAYLIGHT observance")
  }

  @Test func aUIDGivenTwiceIsRefusedEvenFarFromTheWindow() {
    let one = "BEGIN:VEVENT\nUID:dup\nDTSTART:20200101T090000Z\nEND:VEVENT"
    #expect(
      Self.refusal([Self.calendar(one + "\n" + one)])
        == "cal0.ics: line 7: UID dup: the UID is used by another VEVENT (line 3 of cal0.ics)")
    #expect(
      Self.refusal([Self.calendar(one), Self.calendar(one)])
        == "cal1.ics: line 3: UID dup: the UID is used by another VEVENT (line 3 of cal0.ics)")
    let todo = "BEGIN:VTODO\nUID:dup\nDUE:20200101T090000Z\nEND:VTODO"
    #expect(
      Self.refusal([Self.calendar(one + "\n" + todo)])
        == "cal0.ics: line 7: UID dup: the UID is used by a VEVENT too: one UID, one component")
    let override =
      "BEGIN:VEVENT\nUID:dup\nRECURRENCE-ID:20251124T090000Z\nDTSTART:20251124T100000Z\nEND:VEVENT"
    #expect(
      Self.refusal([Self.calendar(one + "\n" + override)])
        == "cal0.ics: line 7: UID dup: RECURRENCE-ID on a component whose UID's VEVENT (line 3) does not recur"
    )
    #expect(
      Self.refusal([Self.calendar(override + "\n" + one)])
        == "cal0.ics: line 3: UID dup: RECURRENCE-ID on a component whose UID's VEVENT does not recur")
    // Far away and cancelled, an event's UID still counts.
    let cancelled = one.replacingOccurrences(of: "END:VEVENT", with: "STATUS:CANCELLED\nEND:VEVENT")
    #expect(Self.refusal([Self.calendar(cancelled), Self.calendar(one)]) != nil)
  }

  @Test func aFileThatCannotBeReadComesBeforeAnEarlierFilesProblem() {
    let one = "BEGIN:VEVENT\nUID:dup\nDTSTART:20200101T090000Z\nEND:VEVENT"
    #expect(
      Self.refusal([Self.calendar(one + "\n" + one), "BEGIN:VCALENDAR\n"])
        == "cal1.ics: line 1: BEGIN:VCALENDAR is not closed by END:VCALENDAR (the file ends first)")
  }

  @Test func aFileOnDiskMergesAsItsCopyInMemory() throws {
    let text = Self.calendar(Self.components + "\n" + Self.outlookZone)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "herald-\(UUID().uuidString).ics"
    ).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromDisk = try CalendarImport.merge(
      reading: [.file(path: path)], into: PlanningState(timeZone: Self.zone), now: CalendarImportTests.now,
      horizonDays: 14)
    #expect(fromDisk == (try Self.streamed([text]).get()))
    #expect(fromDisk.focusBlocks.count == 5)
  }
}
