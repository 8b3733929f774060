import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald run` following a real CalDAV server (Radicale) while another client (curl, as any
/// CalDAV client would send it) creates, moves, cancels and deletes events and completes a task:
/// the delivery lines show each change honoured at the next read, on a fast clock (1 real second
/// is 40 minutes). Skipped without Radicale, except under `HERALD_REQUIRE_CALDAV=1`.
@Suite(.enabled(if: RadicaleServer.available, "radicale is not installed (apt-get install radicale)"))
struct CalDAVDaemonTests {
  /// A whole hour two days ahead: `calendar add` asks the server for events from a day before the
  /// real now on, so the test's day must come after it.
  static let t0 = Date(
    timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 2 * 86_400)
  static let speed = CalendarDaemonTests.speed
  /// As in `CalendarDaemonTests`: a minute of real time to make the edits before the first
  /// reminder they change.
  static let lead = CalendarDaemonTests.lead

  static func event(_ uid: String, at hours: Double, cancelled: Bool = false) -> String {
    let text = CalendarCommandTests.event(uid, uid.capitalized, at: t0 + hours * 3600)
    return cancelled
      ? text.replacingOccurrences(of: "END:VEVENT", with: "STATUS:CANCELLED\r\nEND:VEVENT") : text
  }

  static func todo(completed: Bool) -> String {
    CalDAVCommandTests.todo("invoice", due: t0 + 7 * 3600, completed: completed)
  }

  @Test(.timeLimit(.minutes(3)))
  func changesMadeOnTheServerChangeTheRemindersAtTheNextRead() async throws {
    let server = try await RadicaleServer()
    defer { server.remove() }
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(try await server.request("MKCALENDAR", "/alice/focus/") == 201)
    func put(_ name: String, _ text: String) async throws -> Int {
      try await server.request("PUT", "/alice/focus/\(name)", body: text, contentType: "text/calendar")
    }
    #expect(try await put("move.ics", Self.event("move", at: 3)) == 201)
    #expect(try await put("gone.ics", Self.event("gone", at: 4)) == 201)
    #expect(try await put("cancel.ics", Self.event("cancel", at: 4.5)) == 201)
    #expect(try await put("keep.ics", Self.event("keep", at: 5)) == 201)
    #expect(try await put("todo.ics", Self.todo(completed: false)) == 201)
    #expect(try await put("last.ics", Self.event("last", at: 8)) == 201)
    try db.succeed(["settings", "set", "dueDateMorningReminderEnabled", "false"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderEnabled", "true"])
    let password = ["HERALD_CALENDAR_PASSWORD": "secret"]
    let added = try db.run(
      ["calendar", "add", server.url("/alice/focus/"), "--username", "alice"], environment: password)
    #expect(added.stdout == "c1\n", "\(added.stderr)")

    let daemon = try StreamingProcess(
      [
        "run", "--sink", "stdout", "--database", db.path, "--calendar-sync", "900",
        "--clock-start", RFC3339.utcString(Self.t0 - Self.lead), "--clock-speed", "\(Self.speed)",
        "--time-zone", "Europe/Berlin",
      ], environment: password)
    let watchdog = daemon.kill(after: 160)
    defer { watchdog.cancel() }
    func logCount(_ text: String) -> Int { daemon.standardError.filter { $0.text.contains(text) }.count }
    func waitForLog(_ text: String, moreThan count: Int) async throws {
      // Watching the log, not waiting for a reminder: the edits must be read before going on.
      while logCount(text) <= count {
        guard daemon.elapsed < 120 else { throw CalendarDaemonTests.Failure("no \"\(text)\" in the log") }
        try await Task.sleep(for: .milliseconds(5))
      }
    }
    try await waitForLog("calendar read", moreThan: 0)

    // Another client moves one event by three hours, deletes one, cancels one, adds one and
    // completes the task.
    let changedBefore = logCount("changed=true")
    #expect(try await put("move.ics", Self.event("move", at: 6)) < 300)
    #expect(try await server.request("DELETE", "/alice/focus/gone.ics") < 300)
    #expect(try await put("cancel.ics", Self.event("cancel", at: 4.5, cancelled: true)) < 300)
    #expect(try await put("new.ics", Self.event("new", at: 5.5)) == 201)
    #expect(try await put("todo.ics", Self.todo(completed: true)) < 300)
    try await waitForLog("changed=true", moreThan: changedBefore)
    // All five may come in two reads; the last is read by the next one at the latest.
    let afterFirst = logCount("calendar read")
    try await waitForLog("calendar read", moreThan: afterFirst)
    let slack = (Self.lead + 3 * 3600 - 300) / Self.speed
    try #require(
      daemon.elapsed < slack,
      "the edits were read \(daemon.elapsed) s after the start, past the \(slack) s this test allows")

    let shown = await DeliveryReport.shown(by: daemon, until: "focus-block-start-last")
    #expect(await daemon.waitForExit() == 0)
    let fire = { (id: String, hours: Double) in "\(id) \(RFC3339.utcString(Self.t0 + hours * 3600 - 300))" }
    #expect(
      shown == [
        fire("focus-block-start-keep", 5), fire("focus-block-start-new", 5.5),
        fire("focus-block-start-move", 6),
        fire("focus-block-start-last", 8),
      ], "\(daemon.standardError.suffix(20).map(\.text).joined(separator: "\n"))")
  }
}
