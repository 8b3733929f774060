import Foundation
import HeraldContracts
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// Hostile and borderline input, one class at a time: each is refused with one line on stderr
/// naming the file, line or field and the problem, exit status 1, nothing on stdout, and the
/// database byte for byte as it was (its dump and its file).
@Suite struct HostileInputTests {
  /// A store with data in it, and its state before the hostile command.
  struct Guarded {
    let database: CLIDatabase
    let rows: String
    let bytes: Data

    init() throws {
      database = try CLIDatabase()
      try database.succeed(["import", "-"], stdin: try CLIDatabase.exampleScenario)
      rows = try SQLiteStore(path: database.path, access: .readOnly).dump()
      bytes = try Data(contentsOf: URL(fileURLWithPath: database.path))
    }

    /// Runs `arguments` against the store; checks the refusal and that nothing changed.
    func expectRefused(
      _ arguments: [String], stdin: String? = nil, message: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let result = try database.run(arguments, stdin: stdin)
      #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
      #expect(result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
      #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)", sourceLocation: sourceLocation)
      #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
      #expect(
        result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
      #expect(
        try SQLiteStore(path: database.path, access: .readOnly).dump() == rows, sourceLocation: sourceLocation
      )
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: database.path)) == bytes, sourceLocation: sourceLocation)
    }
  }

  static let zone = #""timeZone": "Europe/Berlin""#

  // swift-format-ignore: LineLength
  /// JSON that is not JSON (RFC 8259), and JSON that is but names what cannot be stored.
  static let scenarios: [(document: String, message: String)] = [
    (
      "{\(zone), \"locale\": \"de\", \"locale\": \"en\"}",
      "locale: duplicate key (each key may appear once in an object) (line 1, column 47)"
    ),
    (
      "{\(zone), \"settings\": {\"focusBlockLeadMinutes\": 5,\n \"focusBlockLeadMinutes\": 0}}",
      "settings.focusBlockLeadMinutes: duplicate key (each key may appear once in an object) (line 2, column 2)"
    ),
    (
      "{\(zone), \"tasks\": [{\"id\": \"a\", \"title\": \"x\"},]}",
      "tasks: trailing comma before ']' (line 1, column 67)"
    ),
    ("{\(zone), \"tasks\": [],}", "trailing comma before '}' (line 1, column 43)"),
    (
      "{\(zone),\n  \"tasks\": [\n    {\"id\": \"a\" \"title\": \"x\"}\n  ]\n}",
      "tasks[0]: not valid JSON: expected ',' or '}' after an object member, found '\"' (line 3, column 16)"
    ),
    (
      "{\(zone), \"settings\": {\"focusBlockLeadMinutes\": 99999999999999999999}}",
      "settings.focusBlockLeadMinutes: out of range: expected an integer 0–120"
    ),
    (
      "{\(zone), \"settings\": {\"focusBlockLeadMinutes\": 1e400}}",
      "settings.focusBlockLeadMinutes: out of range: expected an integer 0–120"
    ),
    (
      "{\(zone), \"movement\": {\"intervalMinutes\": -12345678901234}}",
      "movement.intervalMinutes: out of range: expected an integer 1–1440"
    ),
    (
      "{\(zone), \"settings\": {\"focusBlockLeadMinutes\": 05}}",
      "not valid JSON: a number must not start with 0"
    ),
    (
      "{\(zone), \"tasks\": [{\"id\": \"a\", \"title\": \"\\ud83d\"}]}",
      "tasks[0].title: not valid JSON: \\uD83D is half of a UTF-16 surrogate pair"
    ),
    (
      "{\(zone), \"tasks\": [{\"id\": \"a\", \"title\": \"tab\there\"}]}",
      "tasks[0].title: not valid JSON: a control character (U+0009) in a string must be written as an escape"
    ),
    (
      "{\(zone), \"tasks\": [{\"id\": \"a\\u0000b\", \"title\": \"x\"}]}",
      "tasks[0].id: must not contain control characters (found U+0000)"
    ),
    (
      "{\(zone), \"focusBlocks\": [{\"id\": \"b\", \"title\": \"x\", \"start\": \"2026-11-23T09:00:00Z\", \"end\": \"2026-11-23T10:00:00Z\", \"taskIDs\": [\"\\u001b[31m\"]}]}",
      "focusBlocks[0].taskIDs[0]: must not contain control characters (found U+001B)"
    ),
    (
      "{\(zone), \"tasks\": [{\"id\": \"a\", \"title\": \"x\", \"due\": \"10000-01-01T00:00:00Z\"}]}",
      "tasks[0].due: not an RFC 3339 date"
    ),
    ("{\(zone)} {}", "not valid JSON: unexpected '{' after the end of the document (line 1, column 31)"),
    (String(repeating: "[", count: 600), "not valid JSON: nested deeper than 512 levels"),
    ("", "not valid JSON: the document ends where a value was expected (line 1, column 1)"),
  ]

  @Test(arguments: scenarios)
  func aScenarioThatIsNotJSONOrNotStorableIsRefused(_ bad: (document: String, message: String)) throws {
    let guarded = try Guarded()
    defer { guarded.database.remove() }
    try guarded.expectRefused(["import", "-"], stdin: bad.document, message: bad.message)
  }

  @Test func invalidUTF8IsRefusedWithItsLine() throws {
    let guarded = try Guarded()
    defer { guarded.database.remove() }
    var bytes = Data("{\(Self.zone),\n\"tasks\": [{\"id\": \"a\", \"title\": \"".utf8)
    bytes += [0xC3, 0x28] + Data("\"}]}".utf8)
    let file = try HeraldProcess.temporaryFile("")
    try bytes.write(to: URL(fileURLWithPath: file))
    try guarded.expectRefused(
      ["import", file],
      message: "tasks[0].title: not valid JSON: not UTF-8 (byte 0xC3 starts no valid character) (line 2")
  }

  @Test func aDirectoryOrAMissingFileIsSaidInPlainWords() throws {
    let guarded = try Guarded()
    defer { guarded.database.remove() }
    let directory = guarded.database.directory.path("")
    try guarded.expectRefused(["import", directory], message: "is a directory, not a file")
    try guarded.expectRefused(
      ["import", "/nonexistent/scenario.json"], message: "/nonexistent/scenario.json: no such file")
    let plan = try HeraldProcess.run(["plan", "--scenario", directory, "--now", "2026-11-22T12:00:00Z"])
    #expect(plan.status == 1 && plan.stdout.isEmpty && plan.stderr.contains("is a directory, not a file"))
  }

  @Test func aLocalTimeInAGapIsExplainedWhenItLeadsToAnError() throws {
    let guarded = try Guarded()
    defer { guarded.database.remove() }
    let result = try HeraldProcess.run(
      [
        "block", "add", "--title", "x", "--start", "2026-03-29 02:30", "--end", "2026-03-29 03:15",
        "--database", guarded.database.path,
      ],
      environment: ["TZ": "Europe/Berlin"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "note: --start: 2026-03-29 02:30 does not exist in Europe/Berlin (the clocks skip it); using 2026-03-29T03:30:00+02:00 (2026-03-29T01:30:00Z)\nerror: end: must be after start\n"
    )
    #expect(try SQLiteStore(path: guarded.database.path, access: .readOnly).dump() == guarded.rows)
  }

  @Test func aLocalTimeInAnOverlapTakesTheEarlierInstantAndSaysSo() throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    let result = try HeraldProcess.run(
      ["task", "add", "--title", "x", "--due", "2026-10-25 02:30", "--database", database.path],
      environment: ["TZ": "Europe/Berlin", "HERALD_NOW": "2026-10-01T00:00:00Z"])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "note: --due: 2026-10-25 02:30 occurs twice in Europe/Berlin (the clocks go back); using the earlier, 2026-10-25T02:30:00+02:00 (2026-10-25T00:30:00Z)\n"
    )
    // The export is written in the zone the export runs in; the instant is the earlier one.
    let exported = try ScenarioDocument.decode(Data(try database.succeed(["export"]).utf8))
    #expect(exported.tasks.map(\.due) == [Fixtures.instant("2026-10-25T00:30:00Z")])
  }
}
