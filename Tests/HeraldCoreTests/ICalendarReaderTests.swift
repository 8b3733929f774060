import Foundation
import HeraldCore
import HeraldInterchange
import Testing

/// The strict iCalendar reader: unfolding, parameters, escapes, and bad input named by file,
/// physical line, `UID` and problem (`contracts/calendar.md`).
@Suite struct ICalendarReaderTests {
  static func read(_ text: String) throws -> [ICalendarComponent] {
    try ICalendarReader.read(Data(text.utf8), path: "cal.ics")
  }

  /// The one-line message a text is refused with.
  static func refusal(_ text: String) -> String? {
    do {
      _ = try ICalendarReader.read(Data(text.utf8), path: "cal.ics")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func unfoldsCRLFAndLFWithSpaceOrTab() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Deep\r\n  Work\r\n\t!\nEND:VEVENT\nEND:VCALENDAR\n"
    let event = try #require(try Self.read(text).first?.components.first)
    #expect(event.property("SUMMARY")?.value == "Deep Work!")
    #expect(event.property("UID")?.line == 3)
  }

  @Test func joinsAUTF8CharacterFoldedInItsMiddle() throws {
    // "ä" is C3 A4: the fold falls between its two bytes.
    var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Steuererkl".utf8)
    bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA4] + Array("rung\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let calendars = try ICalendarReader.read(Data(bytes), path: "cal.ics")
    #expect(calendars.first?.components.first?.property("SUMMARY")?.value == "Steuererklärung")
  }

  @Test func readsParametersQuotedValuesAndEscapes() throws {
    let text = """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      UID:a
      ATTENDEE;CN="Doe, Jane";ROLE=REQ-PARTICIPANT;DELEGATED-TO="mailto:a@x","mailto:b@x":mailto:j@x
      SUMMARY:a\\, b\\; c\\nd\\Ne\\\\f
      END:VEVENT
      END:VCALENDAR
      """
    let event = try #require(try Self.read(text).first?.components.first)
    let attendee = try #require(event.property("ATTENDEE"))
    #expect(attendee.parameters.map(\.name) == ["CN", "ROLE", "DELEGATED-TO"])
    #expect(attendee.parameter("CN") == "Doe, Jane")
    #expect(attendee.parameters[2].values == ["mailto:a@x", "mailto:b@x"])
    #expect(attendee.value == "mailto:j@x")
    #expect(ICalendarText.unescape(event.property("SUMMARY")?.value ?? "") == "a, b; c\nd\ne\\f")
  }

  @Test func namesFileLineUIDAndProblem() {
    #expect(
      Self.refusal(
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:standup-42\nSUMMARY Deep Work\nEND:VEVENT\nEND:VCALENDAR\n")
        == "cal.ics: line 4: UID standup-42: not a content line NAME[;PARAM=…]:VALUE: unexpected byte 0x20 after SUMMARY"
    )
    #expect(
      Self.refusal(
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART;TZID=\"Europe/Berlin:20261123T090000\nEND:VEVENT\nEND:VCALENDAR\n"
      )
        == "cal.ics: line 4: UID x: not a content line NAME[;PARAM=…]:VALUE: a quoted parameter value is not closed"
    )
  }

  @Test func anUnclosedComponentIsReportedAtItsBegin() {
    #expect(
      Self.refusal("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:standup-42\nDTSTART:20261123T080000Z\nEND:VCALENDAR\n")
        == "cal.ics: line 5: UID standup-42: END:VCALENDAR does not close BEGIN:VEVENT of line 2")
    #expect(
      Self.refusal("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:standup-42\nDTSTART:20261123T080000Z\n")
        == "cal.ics: line 2: UID standup-42: BEGIN:VEVENT is not closed by END:VEVENT (the file ends first)")
  }

  @Test func aTruncatedOrEmptyFileIsNeverAShorterValidOne() {
    let whole =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261123T080000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    // Every cut before the last line's end is refused (a cut inside "END:VCALENDAR" too).
    for length in 0..<(whole.utf8.count - 2) {
      let cut = String(decoding: Array(whole.utf8)[..<length], as: UTF8.self)
      #expect(Self.refusal(cut) != nil, "accepted a file cut after \(length) bytes")
    }
    #expect(Self.refusal(whole) == nil)
    #expect(Self.refusal("") == "cal.ics: line 1: no BEGIN:VCALENDAR: the file is empty")
  }

  @Test func refusesEmptyLinesStrayContinuationsAndControlCharacters() {
    #expect(
      Self.refusal("BEGIN:VCALENDAR\n\nEND:VCALENDAR\n")?.hasPrefix("cal.ics: line 2: an empty line") == true)
    #expect(
      Self.refusal(" BEGIN:VCALENDAR\nEND:VCALENDAR\n")?.hasPrefix("cal.ics: line 1: a continuation") == true)
    #expect(
      Self.refusal("BEGIN:VCALENDAR\nX-A:b\u{1}c\nEND:VCALENDAR\n")?.contains("control character byte 0x1")
        == true)
    #expect(
      Self.refusal("BEGIN:VEVENT\nEND:VEVENT\n")
        == "cal.ics: line 1: expected BEGIN:VCALENDAR, got BEGIN:VEVENT")
  }

  @Test func refusesBytesThatAreNotUTF8() {
    let bytes = Array("BEGIN:VCALENDAR\nSUMMARY:".utf8) + [0xFF] + Array("\nEND:VCALENDAR\n".utf8)
    #expect(throws: FieldError("cal.ics: line 2", "not a content line NAME[;PARAM=…]:VALUE: not UTF-8")) {
      try ICalendarReader.read(Data(bytes), path: "cal.ics")
    }
  }

  @Test func skipsUnknownComponentsWholeButStillNeedsThemClosed() throws {
    let text = "BEGIN:VCALENDAR\nBEGIN:X-THING\nBEGIN:VEVENT\nEND:VEVENT\nEND:X-THING\nEND:VCALENDAR\n"
    #expect(try Self.read(text).first?.components.first?.name == "X-THING")
    #expect(Self.refusal("BEGIN:VCALENDAR\nBEGIN:X-THING\nEND:VCALENDAR\n") != nil)
  }

  @Test func writerFoldsAt75OctetsBetweenCharactersAndReadsBack() throws {
    let title = String(repeating: "ä€😀 Fokus, Zeit; ", count: 12)
    let calendar = ICalendarComponent(
      name: "VCALENDAR",
      components: [
        ICalendarComponent(
          name: "VEVENT",
          properties: [
            ICalendarProperty(name: "UID", value: "u1"),
            ICalendarProperty(
              name: "X-P", parameters: [ICalendarParameter(name: "X-Q", values: ["a;b", "c:d", "e"])],
              value: "v"),
            ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape(title)),
          ])
      ])
    let text = ICalendarWriter.write([calendar])
    for line in text.components(separatedBy: "\r\n") {
      #expect(line.utf8.count <= 75)
    }
    let again = try Self.read(text)
    #expect(again.map(\.withoutLines) == [calendar])
    #expect(ICalendarText.unescape(again[0].components[0].property("SUMMARY")?.value ?? "") == title)
  }
}
