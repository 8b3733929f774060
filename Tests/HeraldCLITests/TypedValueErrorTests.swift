import Foundation
import HeraldInterchange
import HeraldTestSupport
import Testing

/// An error about a value typed on the command line says what is wrong with it — the field, the
/// value, and the range or the reason — not a parser's "Missing expected argument" or a bare
/// "expected an RFC 3339 instant" for a day that does not exist.
@Suite struct TypedValueErrorTests {
  /// The range of instants Herald accepts, as the message names it.
  static let accepted = [RFC3339.acceptedSeconds.lowerBound, RFC3339.acceptedSeconds.upperBound]
    .map { RFC3339.utcString(Date(timeIntervalSince1970: Double($0))) }.joined(separator: " to ")

  // swift-format-ignore: LineLength
  static let cases: [(arguments: [String], message: String)] = [
    (
      ["task", "add", "--title", "x", "--due", "2026-02-30T10:00"],
      #"error: --due: 2026-02-30: February 2026 has 28 days (in "2026-02-30T10:00")"#
    ),
    (
      ["task", "add", "--title", "x", "--due", "2028-02-30 10:00"],
      #"error: --due: 2028-02-30: February 2028 has 29 days (in "2028-02-30 10:00")"#
    ),
    (
      ["block", "add", "--title", "x", "--start", "2026-11-23 24:00", "--end", "2026-11-24T01:00"],
      #"error: --start: 24:00: the hour must be 00–23 (in "2026-11-23 24:00")"#
    ),
    (
      ["block", "add", "--title", "x", "--start", "2026-11-23T09:00", "--end", "2026-11-23T09:60"],
      #"error: --end: 09:60: the minute must be 00–59 (in "2026-11-23T09:60")"#
    ),
    (
      ["task", "add", "--title", "x", "--due", "2026-13-01T09:00"],
      #"error: --due: 2026-13-01: the month must be 01–12 (in "2026-13-01T09:00")"#
    ),
    (
      ["task", "add", "--title", "x", "--due", "2026-04-31T09:00:00+02:00"],
      #"error: --due: 2026-04-31: April 2026 has 30 days (in "2026-04-31T09:00:00+02:00")"#
    ),
    (
      ["task", "add", "--title", "x", "--due", "2026-04-30T09:00:00+24:00"],
      #"error: --due: +24:00: the offset must be −23:59 to +23:59 (in "2026-04-30T09:00:00+24:00")"#
    ),
    (
      ["plan", "--scenario", "examples/scenario.json", "--now", "2026-11-23T09:00:00"],
      #"error: --now: no offset: an RFC 3339 instant ends in Z or ±HH:MM (in "2026-11-23T09:00:00")"#
    ),
    (
      ["plan", "--scenario", "examples/scenario.json", "--now", "2026-11-31T09:00:00Z"],
      #"error: --now: 2026-11-31: November 2026 has 30 days (in "2026-11-31T09:00:00Z")"#
    ),
    (
      ["plan", "--scenario", "examples/scenario.json", "--now", "0000-12-31T09:00:00Z"],
      "error: --now: outside the instants Herald accepts, \(accepted) (in \"0000-12-31T09:00:00Z\")"
    ),
    (
      ["settings", "set", "focusBlockLeadMinutes", "-1"],
      "error: focusBlockLeadMinutes: expected an integer 0–120, got -1"
    ),
    (
      ["settings", "set", "focusBlockLeadMinutes", "121"],
      "error: focusBlockLeadMinutes: expected an integer 0–120, got 121"
    ),
    (
      ["settings", "set", "movementFollowUpMinutes", "-5"],
      "error: movementFollowUpMinutes: expected an integer 1–240, got -5"
    ),
    (["settings", "set", "focusBlockLeadMinutes"], "error: focusBlockLeadMinutes: needs a value"),
    (
      ["settings", "set", "focusBlockLeadMinutes", "5", "6"],
      "error: focusBlockLeadMinutes: takes one value, got 2: 5 6"
    ),
  ]

  @Test(arguments: cases)
  func theErrorNamesTheFieldTheValueAndWhatIsWrong(arguments: [String], message: String) throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["settings", "set", "focusBlockLeadMinutes", "10"])
    let before = try db.snapshot()
    // `plan` reads no database.
    let result = arguments.first == "plan" ? try HeraldProcess.run(arguments) : try db.run(arguments)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message + "\n")
    #expect(try db.snapshot() == before)
  }

  @Test func aSettingsValueThatLooksLikeAnOptionIsReadWhereverTheOptionsAre() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    // `--database` before the key, where `CLIDatabase` puts it after the value.
    let refused = try HeraldProcess.run([
      "settings", "set", "--database", db.path, "focusBlockLeadMinutes", "-1",
    ])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: focusBlockLeadMinutes: expected an integer 0–120, got -1\n")
    let set = try HeraldProcess.run(["settings", "set", "--database", db.path, "focusBlockLeadMinutes", "15"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try db.succeed(["settings", "show"]).contains("focusBlockLeadMinutes            15\n"))
  }
}
