import Foundation
import HeraldCore
import HeraldInterchange
import PropertyBased
import HeraldTestSupport
import Testing

/// Whatever the writer writes, the reader reads back to the same components; and focus blocks
/// and tasks written as a calendar come back as themselves.
@Suite struct ICalendarRoundTripTests {
  /// Characters that stress folding, quoting and escaping: multi-byte ones, delimiters, tab.
  static let valueCharacters: [Character] = [
    "a", "Z", "0", " ", "\t", ";", ":", ",", "\\", "=", "\"", "ä", "€", "😀", "👩‍💻", "ß", "/", "^",
  ]
  static let parameterCharacters = valueCharacters.filter { $0 != "\"" }
  static func characters(_ pool: [Character]) -> Generator<Character, Shrink.None<Character?>> {
    Gen.element(of: pool).map { $0 ?? "a" }
  }
  static let names = ["SUMMARY", "X-ONE", "DESCRIPTION", "LOCATION", "X-A-2"]

  static let parameter = zip(
    Gen.element(of: ["CN", "X-P", "ROLE"]).map { $0 ?? "CN" },
    characters(parameterCharacters).string(of: 0...12).array(of: 1...3)
  ).map { ICalendarParameter(name: $0, values: $1) }

  static let property = zip(
    Gen.element(of: names).map { $0 ?? "SUMMARY" }, parameter.array(of: 0...2),
    characters(valueCharacters).string(of: 0...120)
  ).map { ICalendarProperty(name: $0, parameters: $1, value: $2) }

  static let calendar = zip(property.array(of: 0...4), property.array(of: 0...6).array(of: 0...3)).map {
    calendarProperties, events in
    ICalendarComponent(
      name: "VCALENDAR", properties: calendarProperties,
      components: events.map { ICalendarComponent(name: "VEVENT", properties: $0) })
  }

  @Test func writeThenReadGivesTheSameComponents() async {
    await propertyCheck(input: Self.calendar.array(of: 1...2)) { calendars in
      let text = ICalendarWriter.write(calendars)
      let again = try? ICalendarReader.read(Data(text.utf8), path: "round.ics")
      #expect(again?.map(\.withoutLines) == calendars, "\(text)")
      for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
    }
  }

  @Test func blocksAndTasksComeBackAsThemselves() async {
    let now = Date(timeIntervalSince1970: 1_763_812_800)
    let items = zip(
      Self.characters(Self.valueCharacters).string(of: 1...40).array(of: 1...5),
      Gen.int(in: 1...(13 * 86_400)),
      Gen.bool
    )
    await propertyCheck(input: items) { titles, offset, completed in
      let blocks = titles.enumerated().map { index, title in
        FocusBlock(
          id: "b\(index)@herald", title: title, start: now.addingTimeInterval(Double(offset + index)),
          end: now.addingTimeInterval(Double(offset + index + 900)))
      }
      let tasks = titles.enumerated().map { index, title in
        TodoItem(
          id: "t\(index)", title: title, due: now.addingTimeInterval(Double(offset)), completed: completed)
      }
      let text = ICalendarWriter.write([ICalendarWriter.calendar(blocks: blocks, tasks: tasks)])
      let state = PlanningState(timeZone: Fixtures.zone("Europe/Berlin"))
      let merged = try? CalendarImport.merge(
        [.init(path: "x.ics", calendars: ICalendarReader.read(Data(text.utf8), path: "x.ics"))], into: state,
        now: now,
        horizonDays: 14)
      #expect(merged?.focusBlocks == blocks)
      #expect(merged?.tasks == tasks)
    }
  }
}
