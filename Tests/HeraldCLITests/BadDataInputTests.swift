import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Bad input to every data command: one line on stderr naming the field and the problem, a
/// non-zero exit, nothing on stdout, and the database exactly as it was.
@Suite struct BadDataInputTests {
  static let longTitle = String(repeating: "x", count: 10_000)
  static let hour = ["--start", "2026-11-23T09:00:00+01:00", "--end", "2026-11-23T10:00:00+01:00"]

  // swift-format-ignore: LineLength
  static let badCommands: [(arguments: [String], message: String)] = [
    (["settings", "set", "unknownSetting", "1"], "error: unknownSetting: unknown setting"),
    (
      ["settings", "set", "dueDateMorningReminderHour", "25"],
      "error: dueDateMorningReminderHour: expected an integer 0–23, got 25"
    ),
    (
      ["settings", "set", "dueDateMorningReminderMinute", "60"],
      "error: dueDateMorningReminderMinute: expected an integer 0–59"
    ),
    (
      ["settings", "set", "dueDateAdvanceReminderMinutes", "45"],
      "error: dueDateAdvanceReminderMinutes: expected one of 15, 30, 60, 120, 1440"
    ),
    (
      ["settings", "set", "focusBlockLeadMinutes", "five"],
      "error: focusBlockLeadMinutes: expected an integer 0–120"
    ),
    (
      ["settings", "set", "poiNotificationsEnabled", "maybe"],
      "error: poiNotificationsEnabled: expected true or false"
    ),
    (["settings", "set", "progressReportTime", "25:00"], "error: progressReportTime: expected a time HH:MM"),
    (["settings", "set", "locale", "fr"], "error: locale: expected \"de\" or \"en\", got \"fr\""),
    (
      [
        "block", "add", "--title", "x", "--start", "2026-11-23T10:00:00+01:00", "--end",
        "2026-11-23T09:00:00+01:00",
      ], "error: end: must be after start"
    ),
    (
      ["block", "add", "--title", "x", "--start", "2026-11-23T10:00", "--end", "2026-11-23T10:00"],
      "error: end: must be after start"
    ),
    (["block", "add", "--title", ""] + hour, "error: title: must not be empty"),
    (
      ["block", "add", "--title", longTitle] + hour,
      "error: title: is 10000 characters long; at most 500 allowed"
    ),
    (["block", "add", "--title", "x", "--task", "t9"] + hour, "error: task t9: no such task"),
    (["block", "add", "--title", "x", "--id", "b1"] + hour, "error: block b1: already exists"),
    (
      ["block", "add", "--title", "x", "--start", "2026-11-23T25:00", "--end", "2026-11-23T10:00"],
      "error: --start: 25:00: the hour must be 00–23 (in \"2026-11-23T25:00\")"
    ),
    (
      ["block", "add", "--title", "x", "--start", "tomorrow", "--end", "2026-11-23T10:00"],
      #"error: --start: "tomorrow" needs a time (tomorrow 14:00)"#
    ),
    (
      ["block", "add", "--title", "x", "--start", "2026-11-23T09:00", "--end", "2026-02-30T10:00"],
      "error: --end: 2026-02-30: February 2026 has 28 days (in \"2026-02-30T10:00\")"
    ),
    (["block", "add", "--title", "x"], "error: Missing expected argument '--start <start>'"),
    (["block", "edit", "b9", "--title", "y"], "error: block b9: no such focus block"),
    (["block", "edit", "b1", "--end", "2026-11-23T08:00:00+01:00"], "error: end: must be after start"),
    (["block", "edit", "b1", "--title", " "], "error: title: must not be empty"),
    (["block", "edit", "b1", "--task", "t9"], "error: task t9: no such task"),
    (["block", "edit", "b1"], "error: b1: nothing to change"),
    (["block", "remove", "b9"], "error: block b9: no such focus block"),
    (["task", "add", "--title", ""], "error: title: must not be empty"),
    (["task", "add", "--title", longTitle], "error: title: is 10000 characters long; at most 500 allowed"),
    (
      ["task", "add", "--title", "x", "--due", "tomorow 14:00"],
      #"error: --due: "tomorow 14:00" is not a date (try "#
    ),
    (["task", "add", "--title", "x", "--id", "t1"], "error: task t1: already exists"),
    (["task", "edit", "t9", "--title", "y"], "error: task t9: no such task"),
    (["task", "edit", "t1", "--title", ""], "error: title: must not be empty"),
    (
      ["task", "edit", "t1", "--due", "2026-11-24T24:00"],
      "error: --due: 24:00: the hour must be 00–23 (in \"2026-11-24T24:00\")"
    ),
    (
      ["task", "edit", "t1", "--due", "2026-11-24T17:00", "--no-due"], "error: --no-due: cannot go with --due"
    ),
    (["task", "done", "t9"], "error: task t9: no such task"),
    (["task", "remove", "t9"], "error: task t9: no such task"),
    (
      ["movement", "template", "couchPotato"],
      "error: template: expected one of officeWorker, recoveryMode, gentleMovement"
    ),
    (["movement", "day", "Funday", "off"], "error: weekday: expected a lower-case English weekday"),
    (["movement", "day", "monday", "sometimes"], "error: monday: expected fallback or off"),
    (["movement", "day", "monday"], "error: monday: give exactly one of"),
    (["movement", "day", "monday", "off", "--fixed", "10:00"], "error: monday: give exactly one of"),
    (
      ["movement", "day", "saturday", "--fixed", "25:00"],
      "error: --fixed[0]: expected a time HH:MM (24-hour), got \"25:00\""
    ),
    (
      ["movement", "day", "monday", "--block", "17:00-09:00"],
      "error: --block[0].end: 09:00 is not after start 17:00"
    ),
    (
      ["movement", "day", "monday", "--block", "09:00-17:00", "--block", "09:00-25:00"],
      "error: --block[1].end: expected a time HH:MM"
    ),
    (
      ["movement", "day", "monday", "--block", "09:00-17:00/loud"],
      "error: --block[0].style: expected gentle, standard or urgent"
    ),
    (
      ["movement", "day", "monday", "--block", "09:00-17:00/0"],
      "error: --block[0].intervalMinutes: expected 1–1440, got 0"
    ),
    (["movement", "day", "monday", "--block", "09:00"], "error: --block[0]: expected HH:MM-HH:MM"),
    (["import", "/does/not/exist.json"], "error: /does/not/exist.json: no such file"),
    (["upcoming", "--count", "0"], "error: --count: expected a positive number, got 0"),
  ]

  @Test(arguments: badCommands)
  func aBadCommandIsOneLineAndChangesNothing(arguments: [String], message: String) throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["import", "-"], stdin: CLIDatabase.exampleScenario)
    try db.succeed(["movement", "template", "officeWorker"])
    let before = try db.snapshot()

    let result = try db.run(arguments)

    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message), "stderr was: \(result.stderr)")
    #expect(result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try db.snapshot() == before)
  }

  @Test func theSnapshotSeesEveryKindOfChange() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["import", "-"], stdin: CLIDatabase.exampleScenario)
    for command in [
      ["task", "done", "t1"], ["settings", "set", "focusBlockLeadMinutes", "6"],
      ["movement", "day", "friday", "off"],
    ] {
      let before = try db.snapshot()
      try db.succeed(command)
      #expect(try db.snapshot() != before, "\(command)")
    }
  }

  // swift-format-ignore: LineLength
  static let badScenarios: [(scenario: String, message: String)] = [
    (
      #"{"timeZone":"Europe/Berlin","tasks":[{"id":"a","title":""}]}"#,
      "error: tasks[0].title: must not be empty"
    ),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"dueDateMorningReminderHour":25}}"#,
      "error: settings.dueDateMorningReminderHour"
    ),
    (
      #"{"timeZone":"Europe/Berlin","focusBlocks":[{"id":"b","title":"x","start":"2026-11-23T10:00:00Z","end":"2026-11-23T09:00:00Z"}]}"#,
      "error: focusBlocks[0].end: must be after start"
    ),
    (#"{"timeZone":"Mars/Olympus"}"#, "error: timeZone: unknown IANA time zone"),
    (#"{"timeZone":"Europe/Berlin","#, "error: not valid JSON"),
  ]

  @Test(arguments: badScenarios)
  func aBadImportIsOneLineAndChangesNothing(scenario: String, message: String) throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["import", "-"], stdin: CLIDatabase.exampleScenario)
    let before = try db.snapshot()

    let result = try db.run(["import", "-"], stdin: scenario)

    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message), "stderr was: \(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try db.snapshot() == before)
  }
}
