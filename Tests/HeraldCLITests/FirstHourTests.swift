import Foundation
import HeraldTestSupport
import Testing

/// A new user's first hour: dates typed relative to now, a note when something is added in the
/// past, and `herald run` without a desktop saying what to do instead.
@Suite struct FirstHourTests {
  /// Friday 2026-11-27 13:28:50 in St. John's, the zone the tests' `herald` runs in.
  static let now = ["HERALD_NOW": "2026-11-27T16:58:50Z"]

  @Test func relativeDatesAreReadInTheUsersZone() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(
      try db.run(["task", "add", "--title", "A", "--due", "tomorrow 14:00"], environment: Self.now).stdout
        == "t1\n")
    #expect(
      try db.run(["task", "add", "--title", "B", "--due", "monday"], environment: Self.now).stdout == "t2\n")
    let block = try db.run(
      ["block", "add", "--title", "C", "--start", "+2h", "--end", "+3h"], environment: Self.now)
    #expect(block.stdout == "b1\n" && block.stderr.isEmpty, "\(block.stderr)")
    #expect(
      try db.succeed(["task", "list"])
        == "t1  [ ]  2026-11-28 14:00  A\nt2  [ ]  2026-11-30 23:59  B\n")
    #expect(try db.succeed(["block", "list"]) == "b1  2026-11-27 15:28 → 2026-11-27 16:28  C\n")
    _ = try db.run(
      ["block", "edit", "b1", "--start", "friday 09:00", "--end", "friday 10:00"], environment: Self.now)
    #expect(try db.succeed(["block", "list"]) == "b1  2026-12-04 09:00 → 2026-12-04 10:00  C\n")
  }

  @Test func aMistypedDateIsOneLineSayingWhatToTry() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let result = try db.run(["task", "add", "--title", "A", "--due", "tomorow 14:00"], environment: Self.now)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == #"error: --due: "tomorow 14:00" is not a date (try 2026-11-28T14:00, "tomorrow 14:00" or +2h)"#
        + "\n")
  }

  @Test func somethingAddedInThePastIsStoredWithANote() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let task = try db.run(
      ["task", "add", "--title", "A", "--due", "2026-11-20T09:00"], environment: Self.now)
    #expect(task.status == 0 && task.stdout == "t1\n")
    #expect(
      task.stderr == "note: --due 2026-11-20 09:00 is in the past; no reminder will fire for this task\n")
    let over = try db.run(
      ["block", "add", "--title", "B", "--start", "today 08:00", "--end", "today 09:00"],
      environment: Self.now)
    #expect(over.status == 0 && over.stdout == "b1\n")
    #expect(
      over.stderr == "note: --start 2026-11-27 08:00 is in the past; no reminder will fire for this block\n")
    let underWay = try db.run(
      ["block", "add", "--title", "C", "--start", "today 13:00", "--end", "today 14:00"],
      environment: Self.now)
    #expect(
      underWay.stderr
        == "note: --start 2026-11-27 13:00 is in the past; the block is under way, so no start reminder will fire\n"
    )
    let edited = try db.run(["task", "edit", "t1", "--due", "today 12:00"], environment: Self.now)
    #expect(edited.status == 0)
    #expect(
      edited.stderr == "note: --due 2026-11-27 12:00 is in the past; no reminder will fire for this task\n")
    let future = try db.run(["task", "edit", "t1", "--due", "+1h"], environment: Self.now)
    #expect(future.status == 0 && future.stderr.isEmpty)
    #expect(try db.succeed(["task", "list"]).hasPrefix("t1  [ ]  2026-11-27 14:28  A"))
  }

  @Test func runWithoutADesktopSuggestsTheStdoutSink() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let result = try db.run(
      ["run"], environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: herald run: no desktop to show notifications on: no session bus (DBUS_SESSION_BUS_ADDRESS is not set); "
        + "run it in a desktop session, or under dbus-run-session, or run it with --sink stdout to print reminders in the terminal instead\n"
    )
  }
}
