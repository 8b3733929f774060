import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald calendar add|list|remove|sync` on local `.ics` files and vdir folders, and the followed
/// calendars' blocks and tasks in `herald upcoming`.
@Suite struct CalendarCommandTests {
  /// A whole minute two days ahead, so its reminders are certainly still to come.
  static let start = Date(
    timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 2 * 86_400)

  static func event(_ uid: String, _ summary: String, at start: Date) -> String {
    let utc = { (date: Date) in ICalendarFixture.utc(date) }
    return """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Herald tests//EN\r
      BEGIN:VEVENT\r
      UID:\(uid)\r
      DTSTAMP:20261101T000000Z\r
      DTSTART:\(utc(start))\r
      DTEND:\(utc(start + 3600))\r
      SUMMARY:\(summary)\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
  }

  @Test func aFileIsAddedListedPlannedAndRemoved() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let file = db.directory.path("work.ics")
    try Self.event("deep-1", "Deep Work", at: Self.start).write(
      toFile: file, atomically: true, encoding: .utf8)

    #expect(try db.succeed(["calendar", "add", file]) == "c1\n")
    let listed = try db.succeed(["calendar", "list"])
    #expect(listed.hasPrefix("c1  file  work  \(URL(fileURLWithPath: file).standardizedFileURL.path)  read "))
    #expect(
      try db.succeed(["upcoming"])
        == "\(CLIDatabase.local(Self.start - 300))  focus-block-start-deep-1  "
        + "Focus Block startet gleich — Deep Work beginnt in 5 Minuten  [work]\n")

    try db.succeed(["calendar", "remove", "c1"])
    #expect(try db.succeed(["calendar", "list"]) == "")
    #expect(try db.succeed(["upcoming"]) == "")
    let missing = try db.run(["calendar", "remove", "c1"])
    #expect(missing.status != 0)
    #expect(missing.stderr == "error: calendar c1: no such calendar\n")
  }

  @Test func aSourceThatCannotBeReadOrParsedAddsNothing() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let broken = db.directory.path("broken.ics")
    try "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:2026-11-23\nEND:VEVENT\nEND:VCALENDAR\n"
      .write(toFile: broken, atomically: true, encoding: .utf8)
    try db.succeed(["task", "add", "--title", "Steuer"])
    let before = try db.snapshot()
    for source in [broken, db.directory.path("nowhere.ics")] {
      let result = try db.run(["calendar", "add", source])
      #expect(result.status != 0)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("error: \(source)"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    #expect(try db.snapshot() == before)
    #expect(try db.succeed(["calendar", "list"]) == "")
  }

  @Test func aVdirIsReadAgainAtSyncAndKeepsItsLastGoodCopyWhenBroken() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let folder = db.directory.path("focus")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let first = (folder as NSString).appendingPathComponent("a.ics")
    try Self.event("a", "Eins", at: Self.start).write(toFile: first, atomically: true, encoding: .utf8)
    #expect(try db.succeed(["calendar", "add", folder, "--name", "Fokus"]) == "c1\n")
    #expect(try db.succeed(["calendar", "list"]).hasPrefix("c1  vdir  Fokus  "))

    // Another client adds an item and moves the first one by an hour.
    try Self.event("a", "Eins", at: Self.start + 3600).write(toFile: first, atomically: true, encoding: .utf8)
    try Self.event("b", "Zwei", at: Self.start + 7200)
      .write(toFile: (folder as NSString).appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
    // Not read before a sync: the copy is what was read last.
    #expect(try db.succeed(["upcoming"]).contains("focus-block-start-a\(" ")"))
    #expect(try !db.succeed(["upcoming"]).contains("focus-block-start-b"))
    try db.succeed(["calendar", "sync"])
    let synced = try db.succeed(["upcoming"])
    #expect(
      synced == """
        \(CLIDatabase.local(Self.start + 3300))  focus-block-start-a  Focus Block startet gleich — Eins beginnt in 5 Minuten  [Fokus]
        \(CLIDatabase.local(Self.start + 6900))  focus-block-start-b  Focus Block startet gleich — Zwei beginnt in 5 Minuten  [Fokus]

        """)

    // A damaged item: the sync fails, says so, and the last good copy stays.
    try "BEGIN:VCALENDAR\nBEGIN:VEVENT\n".write(toFile: first, atomically: true, encoding: .utf8)
    let failed = try db.run(["calendar", "sync", "c1"])
    #expect(failed.status != 0)
    #expect(failed.stderr.hasPrefix("error: \(first)"), "\(failed.stderr)")
    #expect(try db.succeed(["upcoming"]) == synced)
    #expect(try db.succeed(["calendar", "list"]).contains("(last read failed: "))
  }
}

/// iCalendar texts for tests.
enum ICalendarFixture {
  /// `YYYYMMDDTHHMMSSZ`.
  static func utc(_ date: Date) -> String {
    RFC3339.utcString(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
  }
}
