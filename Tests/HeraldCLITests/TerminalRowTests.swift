import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Text a person reads in the terminal — every listing and `show`, and the error line — shows a
/// title's escape sequences, line breaks and bidi overrides instead of obeying them: titles come
/// from the API, the pages and calendars on the web, and must not clear or rewrite the owner's
/// screen. Data formats (`export`) keep the title byte for byte.
@Suite struct TerminalRowTests {
  /// Clears the screen, breaks the row, rings the bell, and turns what follows right to left.
  static let hostile = "A\u{1B}[2J\nB\u{7}\u{202E}C"
  /// The same as a terminal row shows it.
  static let shown = "A␛[2J␤B␇\u{FFFD}C"

  /// Checks that `output` is `count` rows, each holding `shown` when `containing` and none
  /// holding a control character or a bidi embedding, override or isolate.
  static func expectRows(
    _ output: String, count: Int, containing: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(output.hasSuffix("\n"), "\(output.debugDescription)", sourceLocation: sourceLocation)
    let rows = output.split(separator: "\n")
    #expect(rows.count == count, "\(output.debugDescription)", sourceLocation: sourceLocation)
    for row in rows {
      let bad = row.unicodeScalars.filter {
        $0.properties.generalCategory == .control || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
      #expect(bad.isEmpty, "\(row.debugDescription)", sourceLocation: sourceLocation)
    }
    if containing {
      #expect(rows.allSatisfy { $0.contains(shown) }, "\(rows)", sourceLocation: sourceLocation)
    }
  }

  @Test func blockTaskAndUpcomingRowsShowATitlesControlsInsteadOfObeyingThem() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    // A block two days ahead: `upcoming` lists its reminder, whose body names it.
    let start = Date().addingTimeInterval(2 * 86_400)
    try db.succeed([
      "block", "add", "--title", Self.hostile, "--start", RFC3339.utcString(start),
      "--end", RFC3339.utcString(start.addingTimeInterval(3_600)),
    ])
    try db.succeed(["task", "add", "--title", Self.hostile])
    Self.expectRows(try db.succeed(["block", "list"]), count: 1)
    Self.expectRows(try db.succeed(["task", "list"]), count: 1)
    Self.expectRows(try db.succeed(["upcoming"]), count: 1)
    // The data format keeps the title whole.
    let exported = try ScenarioDocument.decode(Data(try db.succeed(["export"]).utf8))
    #expect(exported.tasks.map(\.title) == [Self.hostile])
    #expect(exported.focusBlocks.map(\.title) == [Self.hostile])
  }

  @Test func tokenCalendarAndRouteRowsShowControlsInsteadOfObeyingThem() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["token", "create", Self.hostile])
    Self.expectRows(try db.succeed(["token", "list"]), count: 1)

    let calendar = db.directory.path("hostile.ics")
    try Data(
      """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Herald//tests//EN\r
      BEGIN:VEVENT\r
      UID:daily\r
      DTSTAMP:20260101T000000Z\r
      DTSTART:20260101T120000Z\r
      DTEND:20260101T130000Z\r
      RRULE:FREQ=DAILY\r
      SUMMARY:A\\nB\u{202E}C\r
      END:VEVENT\r
      END:VCALENDAR\r

      """.utf8
    ).write(to: URL(fileURLWithPath: calendar))
    try db.succeed(["calendar", "add", calendar, "--name", Self.hostile])
    Self.expectRows(try db.succeed(["calendar", "list"]), count: 1)
    // The calendar's events are listed with its name, their titles shown on their rows.
    let upcoming = try db.succeed(["upcoming", "--count", "3"])
    Self.expectRows(upcoming, count: 3)
    #expect(upcoming.contains("A␤B\u{FFFD}C"), "\(upcoming)")

    let route = db.directory.path("route.json")
    try Data(
      """
      {"id": "r", "name": "A\\u001b[2J\\nB\\u0007\\u202eC", "waypoints": [
        {"id": "1", "name": "A\\u001b[2J\\nB\\u0007\\u202eC", "latitude": 45.2735, "longitude": 13.71415}]}
      """.utf8
    ).write(to: URL(fileURLWithPath: route))
    try db.succeed(["route", "import", route])
    Self.expectRows(try db.succeed(["route", "list"]), count: 1)
    Self.expectRows(try db.succeed(["route", "show", "r"]), count: 2)
    Self.expectRows(try db.succeed(["route", "start", "r"]), count: 1, containing: false)
  }

  @Test func theDaemonsLogShowsATitleInsteadOfObeyingIt() async throws {
    let db = try CLIDatabase(now: CLIDatabase.beforeTheExamples)
    defer { db.remove() }
    try db.succeed(["task", "add", "--title", Self.hostile, "--due", "2026-11-23T10:30:00Z"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderEnabled", "true"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderMinutes", "15"])
    // A minute before the advance reminder on a clock at 60 times real speed: shown after a second,
    // and logged with its title at debug level.
    let daemon = try StreamingProcess([
      "run", "--database", db.path, "--sink", "stdout", "--verbose", "--clock-start", "2026-11-23T10:14:00Z",
      "--clock-speed", "60",
    ])
    let watchdog = daemon.kill(after: 30)
    defer { watchdog.cancel() }
    for await line in daemon.lines where line.text.contains("due-date-advance-t1") { break }
    // The log line comes right after the delivery line: looked for, for at most 10 s.
    let waitedFrom = ContinuousClock.now
    while !daemon.standardError.contains(where: { $0.text.contains("shown text") }),
      waitedFrom.duration(to: .now) < .seconds(10)
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    _ = await daemon.stop(within: 10)
    let log = daemon.standardError.map(\.text)
    let shown = log.first { $0.contains("shown text") }
    #expect(shown?.contains("title=\(Self.shown) ") == true, "\(log)")
    Self.expectRows(log.joined(separator: "\n") + "\n", count: log.count, containing: false)
  }

  @Test func anErrorQuotingWhatWasTypedStaysOneLineWithoutEscapes() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    for arguments in [
      ["task", "done", Self.hostile],
      ["block", "add", "--title", "x", "--start", Self.hostile, "--end", "y"],
    ] {
      let result = try db.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
      Self.expectRows(result.stderr, count: 1, containing: false)
    }
  }
}
