import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald run` following a real CalDAV server (Radicale) that goes down, comes back and freezes:
/// the outage is logged once however many reads fail, the return once, the last good copy keeps
/// its reminders meanwhile, and SIGTERM ends the daemon while it waits on a server that never
/// answers. Skipped without Radicale, except under `HERALD_REQUIRE_CALDAV=1`.
@Suite(.enabled(if: RadicaleServer.available, "radicale is not installed (apt-get install radicale)"))
struct CalDAVOutageTests {
  @Test(.timeLimit(.minutes(3)))
  func anOutageIsSaidOnceTheReturnOnceAndSIGTERMEndsAWaitOnAFrozenServer() async throws {
    let server = try await RadicaleServer()
    defer { server.remove() }
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(try await server.request("MKCALENDAR", "/alice/focus/") == 201)
    let start = CalendarCommandTests.start
    let event = CalendarCommandTests.event("kept", "Kept", at: start)
    #expect(
      try await server.request("PUT", "/alice/focus/kept.ics", body: event, contentType: "text/calendar")
        == 201)
    let password = ["HERALD_CALENDAR_PASSWORD": "secret"]
    let added = try db.run(
      ["calendar", "add", server.url("/alice/focus/"), "--username", "alice"], environment: password)
    #expect(added.stdout == "c1\n", "\(added.stderr)")

    let daemon = try StreamingProcess(
      ["run", "--sink", "stdout", "--database", db.path, "--calendar-sync", "1"], environment: password)
    let watchdog = daemon.kill(after: 150)
    defer { watchdog.cancel() }
    func count(_ text: String) -> Int { daemon.standardError.filter { $0.text.contains(text) }.count }
    func waitFor(_ text: String, count wanted: Int) async throws {
      let deadline = Date().addingTimeInterval(60)
      while count(text) < wanted {
        guard Date() < deadline else {
          throw CalendarDaemonTests.Failure(
            "no \"\(text)\" in the log:\n\(daemon.standardError.suffix(10).map(\.text).joined(separator: "\n"))"
          )
        }
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    try await waitFor("calendar read", count: 1)

    // Down: every read fails (one a second), the log says so once.
    server.stop()
    try await waitFor("calendar cannot be read", count: 1)
    let readsBefore = server.requests(by: "Herald").count
    try await Task.sleep(for: .seconds(4))
    #expect(count("calendar cannot be read") == 1)
    #expect(server.requests(by: "Herald").count == readsBefore, "the server was down")
    // The last good copy still plans the event.
    #expect(try db.succeed(["upcoming"]).contains("focus-block-start-kept"))

    // Back: said once, and read as before.
    try await server.start()
    try await waitFor("calendar readable again", count: 1)
    let reads = count("calendar read")
    try await waitFor("calendar read", count: reads + 2)
    #expect(count("calendar readable again") == 1)
    #expect(count("calendar cannot be read") == 1)

    // Frozen: a read waits on a server that never answers; SIGTERM ends the daemon anyway.
    server.freeze()
    try await Task.sleep(for: .seconds(2.5))
    let stopped = Date()
    #expect(await daemon.stop(within: 10) == 0)
    #expect(Date().timeIntervalSince(stopped) < 10)
    server.thaw()
    #expect(daemon.standardError.allSatisfy { !$0.text.contains("secret") }, "the password is never logged")
  }
}
