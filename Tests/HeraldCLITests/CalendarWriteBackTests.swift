import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald block add … --calendar ID` and edits and removals of such a block, in a vdir folder that
/// another client (khal, vdirsyncer) also writes: the event is Herald's block, what the other
/// client added to it stays, and a change it made since Herald's last read is not overwritten.
@Suite struct CalendarWriteBackTests {
  static let start = CalendarCommandTests.start
  static let title = "Deep <Work> & \"more\", ünïcode; \\ no"

  static func utc(_ date: Date) -> String { RFC3339.utcString(date) }

  static func event(at path: String) throws -> ICalendarComponent? {
    let document = try ICalendarReader.read(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    return document.first?.components.first { $0.name == "VEVENT" }
  }

  @Test func aBlockAddedToAVdirIsAnEventThatHeraldEditsAndRemoves() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let folder = db.directory.path("focus")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(try db.succeed(["calendar", "add", folder]) == "c1\n")

    let id = try db.succeed([
      "block", "add", "--title", Self.title, "--start", Self.utc(Self.start), "--end",
      Self.utc(Self.start + 3600), "--calendar", "c1",
    ]).trimmingCharacters(in: .newlines)
    #expect(UUID(uuidString: id) != nil, "a new event's UID is a UUID: \(id)")
    let path = (folder as NSString).appendingPathComponent("\(id).ics")
    let event = try #require(try Self.event(at: path))
    #expect(event.uid == id)
    #expect(event.property("SUMMARY").map { ICalendarText.unescape($0.value) } == Self.title)
    #expect(event.property("DTSTAMP") != nil)
    let reminder = { (start: Date, title: String) in
      "\(CLIDatabase.local(start - 300))  focus-block-start-\(id)  Focus Block startet gleich — \(title) beginnt in 5 Minuten  [focus]\n"
    }
    #expect(try db.succeed(["upcoming"]) == reminder(Self.start, Self.title))

    // Another client gives it an alarm and a description; Herald's move keeps both.
    let withAlarm = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
      of: "END:VEVENT",
      with: "DESCRIPTION:Bring the notes\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Soon\r\n"
        + "TRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VEVENT")
    try withAlarm.write(toFile: path, atomically: true, encoding: .utf8)
    try db.succeed(["calendar", "sync", "c1"])
    try db.succeed([
      "block", "edit", id, "--start", Self.utc(Self.start + 3600), "--end", Self.utc(Self.start + 7200),
    ])
    let moved = try #require(try Self.event(at: path))
    #expect(moved.property("DTSTART")?.value == ICalendarFixture.utc(Self.start + 3600))
    #expect(moved.property("DTEND")?.value == ICalendarFixture.utc(Self.start + 7200))
    #expect(moved.property("SEQUENCE")?.value == "1")
    #expect(moved.property("DESCRIPTION")?.value == "Bring the notes")
    #expect(moved.components.map(\.name) == ["VALARM"])
    #expect(try db.succeed(["upcoming"]) == reminder(Self.start + 3600, Self.title))

    // Another client renames it and Herald has not read that yet: Herald's edit is refused.
    let renamed = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
      of: "SEQUENCE:1", with: "SEQUENCE:2\r\nX-CHANGED-BY:khal")
    try renamed.write(toFile: path, atomically: true, encoding: .utf8)
    let refused = try db.run(["block", "edit", id, "--title", "Mine"])
    #expect(refused.status != 0)
    #expect(
      refused.stderr
        == "error: block \(id): its event in calendar c1 was changed by another client since Herald last read it; not overwritten (`herald calendar sync c1` reads the new version)\n"
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == renamed)
    let removeRefused = try db.run(["block", "remove", id])
    #expect(removeRefused.status != 0)
    #expect(FileManager.default.fileExists(atPath: path))

    // Once read, the edit goes through.
    try db.succeed(["calendar", "sync", "c1"])
    try db.succeed(["block", "edit", id, "--title", "Mine"])
    #expect(try Self.event(at: path)?.property("SUMMARY")?.value == "Mine")
    #expect(try Self.event(at: path)?.property("X-CHANGED-BY")?.value == "khal")
    #expect(try db.succeed(["upcoming"]) == reminder(Self.start + 3600, "Mine"))

    try db.succeed(["block", "remove", id])
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try db.succeed(["upcoming"]) == "")
    let gone = try db.run(["block", "remove", id])
    #expect(gone.stderr == "error: block \(id): no such focus block\n")
    // Nothing of Herald's own is left beside the events (no temporary file either).
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test func whatCannotBeWrittenIsRefusedInOneLineAndChangesNothing() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let file = db.directory.path("work.ics")
    try CalendarCommandTests.event("single", "Eins", at: Self.start).write(
      toFile: file, atomically: true, encoding: .utf8)
    let folder = db.directory.path("focus")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let series = CalendarCommandTests.event("daily", "Standup", at: Self.start + 600)
      .replacingOccurrences(of: "SUMMARY:Standup", with: "SUMMARY:Standup\r\nRRULE:FREQ=DAILY;COUNT=5")
    let seriesPath = (folder as NSString).appendingPathComponent("daily.ics")
    try series.write(toFile: seriesPath, atomically: true, encoding: .utf8)
    #expect(try db.succeed(["calendar", "add", file]) == "c1\n")
    #expect(try db.succeed(["calendar", "add", folder]) == "c2\n")
    let before = try db.succeed(["upcoming"])
    let block = ["--title", "X", "--start", Self.utc(Self.start), "--end", Self.utc(Self.start + 60)]

    let refusals: [([String], String)] = [
      (
        ["block", "add", "--calendar", "c1"] + block,
        "calendar c1: is a single .ics file, which Herald only reads (a vdir folder or a CalDAV calendar can be written)"
      ),
      (["block", "add", "--calendar", "c9"] + block, "calendar c9: no such calendar"),
      (
        ["block", "add", "--calendar", "c2", "--task", "t1"] + block,
        "--task: cannot go with --calendar: a calendar event holds no Herald tasks"
      ),
      (["block", "add", "--calendar", "c2", "--id", "single"] + block, "block single: already exists"),
      (
        ["block", "edit", "single", "--title", "Y"],
        "block single: is in calendar c1, a single .ics file, which Herald only reads (a vdir folder or a CalDAV calendar can be written)"
      ),
      (
        ["block", "edit", "daily", "--title", "Y"],
        "block daily: is part of a recurring event in calendar c2; change the series in the calendar itself"
      ),
      (
        ["block", "remove", "daily/\(ICalendarFixture.utc(Self.start + 600 + 86_400))"],
        "block daily/\(ICalendarFixture.utc(Self.start + 600 + 86_400)): is part of a recurring event in calendar c2; change the series in the calendar itself"
      ),
    ]
    for (arguments, message) in refusals {
      let result = try db.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr == "error: \(message)\n", "\(arguments)")
      #expect(result.stdout == "")
    }
    #expect(try db.succeed(["upcoming"]) == before)
    #expect(try String(contentsOfFile: seriesPath, encoding: .utf8) == series)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["daily.ics"])
  }
}
