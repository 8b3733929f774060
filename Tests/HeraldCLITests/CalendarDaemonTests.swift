import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald run` following a vdir folder that another client edits while it runs, on a fast clock
/// (1 real second is 40 minutes): the reminders follow every change at the next read, a folder
/// that cannot be read keeps its last good copy and says so once, and nothing is shown twice.
@Suite struct CalendarDaemonTests {
  static let t0 = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23T08:00:00Z
  static let speed = 2_400.0
  /// The daemon's clock starts this long before `t0`: the edits below must be read before the
  /// first reminder's time, and a machine busy with the rest of the suite may take seconds to
  /// make them: at 8¾ real seconds of slack CI once did not, and at 19 s it once took 35 s (the
  /// whole suite starts at once), so the slack is a minute.
  static let lead = 40 * 3600.0

  static func event(_ uid: String, at hours: Double) -> String {
    CalendarCommandTests.event(uid, uid.capitalized, at: t0 + hours * 3600)
  }

  static func todo(_ uid: String, dueIn hours: Double, completed: Bool) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Herald tests//EN\r
    BEGIN:VTODO\r
    UID:\(uid)\r
    DTSTAMP:20261101T000000Z\r
    DUE:\(ICalendarFixture.utc(t0 + hours * 3600))\r
    SUMMARY:Rechnung\r
    \(completed ? "STATUS:COMPLETED\r\n" : "")END:VTODO\r
    END:VCALENDAR\r

    """
  }

  @Test(.timeLimit(.minutes(3)))
  func changesByAnotherClientChangeTheRemindersAtTheNextRead() async throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let folder = db.directory.path("calendar")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func write(_ name: String, _ text: String) throws {
      try text.write(
        toFile: (folder as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try write("move.ics", Self.event("move", at: 3))
    try write("gone.ics", Self.event("gone", at: 4))
    try write("keep.ics", Self.event("keep", at: 5))
    try write("todo.ics", Self.todo("invoice", dueIn: 7, completed: false))
    try write("last.ics", Self.event("last", at: 8))
    try db.succeed(["settings", "set", "dueDateMorningReminderEnabled", "false"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderEnabled", "true"])
    #expect(try db.succeed(["calendar", "add", folder]) == "c1\n")

    let daemon = try StreamingProcess([
      "run", "--sink", "stdout", "--database", db.path, "--calendar-sync", "300",
      "--clock-start", RFC3339.utcString(Self.t0 - Self.lead), "--clock-speed", "\(Self.speed)",
      "--time-zone", "Europe/Berlin",
    ])
    let watchdog = daemon.kill(after: 160)
    defer { watchdog.cancel() }
    func logCount(_ text: String) -> Int { daemon.standardError.filter { $0.text.contains(text) }.count }
    func waitForLog(_ text: String, moreThan count: Int) async throws {
      // Watching the log, not waiting for a reminder: each edit must be read before going on.
      while logCount(text) <= count {
        guard daemon.elapsed < 120 else { throw Failure("no \"\(text)\" in the log") }
        try await Task.sleep(for: .milliseconds(5))
      }
    }
    try await waitForLog("calendar read", moreThan: 0)

    // Another client moves one event by three hours, deletes another and completes the task.
    let changedBefore = logCount("changed=true")
    try write("move.ics", Self.event("move", at: 6))
    try FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent("gone.ics"))
    try write("todo.ics", Self.todo("invoice", dueIn: 7, completed: true))
    try await waitForLog("changed=true", moreThan: changedBefore)
    // A read may fall between the edits: the next one (begun after that one said it changed)
    // has them all, before the damage below keeps that copy for good.
    let readsSoFar = logCount("calendar read")
    try await waitForLog("calendar read", moreThan: readsSoFar)
    // Read before the moved event's first reminder was due (else this run proves nothing).
    let slack = (Self.lead + 3 * 3600 - 300) / Self.speed
    try #require(
      daemon.elapsed < slack,
      "the edits were read \(daemon.elapsed) s after the start, past the \(slack) s this test allows")
    // The item is damaged: the last good copy stays, and the log says so once.
    try write("keep.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n")
    try await waitForLog("cannot be read", moreThan: 0)

    let shown = await DeliveryReport.shown(by: daemon, until: "focus-block-start-last")
    #expect(await daemon.waitForExit() == 0)
    let fire = { (id: String, hours: Double) in "\(id) \(RFC3339.utcString(Self.t0 + hours * 3600 - 300))" }
    #expect(
      shown == [
        fire("focus-block-start-keep", 5), fire("focus-block-start-move", 6),
        fire("focus-block-start-last", 8),
      ], "\(daemon.standardError.suffix(20).map(\.text).joined(separator: "\n"))")
    #expect(logCount("cannot be read") == 1)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
