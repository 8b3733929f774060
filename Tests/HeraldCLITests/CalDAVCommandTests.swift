import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// `herald calendar add|sync` against a real CalDAV server (Radicale) that another client edits:
/// discovery by `PROPFIND`, the first read by `calendar-query`, later ones by `sync-collection`;
/// a single item URL is an `.ics` feed. Skipped without Radicale, except under
/// `HERALD_REQUIRE_CALDAV=1`.
@Suite(.enabled(if: RadicaleServer.available, "radicale is not installed (apt-get install radicale)"))
struct CalDAVCommandTests {
  static let start = CalendarCommandTests.start

  static func todo(_ uid: String, due: Date, completed: Bool) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Herald tests//EN\r
    BEGIN:VTODO\r
    UID:\(uid)\r
    DTSTAMP:20261101T000000Z\r
    DUE:\(ICalendarFixture.utc(due))\r
    SUMMARY:Rechnung\r
    \(completed ? "STATUS:COMPLETED\r\n" : "")END:VTODO\r
    END:VCALENDAR\r

    """
  }

  @Test(.timeLimit(.minutes(2)))
  func aCollectionEditedByAnotherClientIsFollowed() async throws {
    let server = try await RadicaleServer()
    defer { server.remove() }
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(try await server.request("MKCALENDAR", "/alice/focus/") == 201)
    let put = { (name: String, text: String) in
      try await server.request("PUT", "/alice/focus/\(name)", body: text, contentType: "text/calendar")
    }
    #expect(try await put("a.ics", CalendarCommandTests.event("a", "Eins", at: Self.start)) == 201)
    #expect(try await put("b.ics", CalendarCommandTests.event("b", "Zwei", at: Self.start + 7200)) == 201)
    #expect(try await put("t.ics", Self.todo("invoice", due: Self.start + 10_800, completed: false)) == 201)
    try db.succeed(["settings", "set", "dueDateMorningReminderEnabled", "false"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderEnabled", "true"])
    let passwordFile = db.directory.path("password")
    try "secret\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
    let url = server.url("/alice/focus/")

    // A wrong password: one line, without the password, and nothing added.
    let wrongFile = db.directory.path("wrong")
    try "hunter2\n".write(toFile: wrongFile, atomically: true, encoding: .utf8)
    let refused = try db.run(["calendar", "add", url, "--username", "alice", "--password-file", wrongFile])
    #expect(refused.status != 0)
    #expect(refused.stderr.hasPrefix("error: \(url): the server refused"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("hunter2"))
    #expect(try db.succeed(["calendar", "list"]) == "")

    #expect(
      try db.succeed(["calendar", "add", url, "--username", "alice", "--password-file", passwordFile])
        == "c1\n")
    #expect(try db.succeed(["calendar", "list"]).hasPrefix("c1  caldav  focus  \(url)  read "))
    let local = { (date: Date) in CLIDatabase.local(date) }
    #expect(
      try db.succeed(["upcoming"]) == """
        \(local(Self.start - 300))  focus-block-start-a  Focus Block startet gleich — Eins beginnt in 5 Minuten  [focus]
        \(local(Self.start + 6900))  focus-block-start-b  Focus Block startet gleich — Zwei beginnt in 5 Minuten  [focus]
        \(local(Self.start + 7200))  due-date-advance-invoice  Rechnung — Rechnung ist in 1 Stunde fällig  [focus]

        """)
    let token = try SQLiteStore(path: db.path).calendars().first?.syncToken
    #expect(token != nil)

    // Another client moves a, deletes b and completes the task; the next read asks for changes only.
    #expect(try await put("a.ics", CalendarCommandTests.event("a", "Eins", at: Self.start + 3600)) < 300)
    #expect(try await server.request("DELETE", "/alice/focus/b.ics") < 300)
    #expect(try await put("t.ics", Self.todo("invoice", due: Self.start + 10_800, completed: true)) < 300)
    try db.succeed(["calendar", "sync"])
    let synced = try db.succeed(["upcoming"])
    #expect(
      synced == """
        \(local(Self.start + 3300))  focus-block-start-a  Focus Block startet gleich — Eins beginnt in 5 Minuten  [focus]

        """)
    #expect(try SQLiteStore(path: db.path).calendars().first?.syncToken != token)

    // The server goes down: the sync fails, and the last good copy stays.
    server.stop()
    let failed = try db.run(["calendar", "sync", "c1"])
    #expect(failed.status != 0)
    #expect(failed.stderr.hasPrefix("error: \(url)"), "\(failed.stderr)")
    #expect(failed.stderr.split(separator: "\n").count == 1)
    #expect(try db.succeed(["upcoming"]) == synced)
  }

  @Test(.timeLimit(.minutes(2)))
  func anItemURLIsAReadOnlyFeed() async throws {
    let server = try await RadicaleServer()
    defer { server.remove() }
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(try await server.request("MKCALENDAR", "/alice/focus/") == 201)
    let event = CalendarCommandTests.event("feed-1", "Eins", at: Self.start)
    #expect(
      try await server.request("PUT", "/alice/focus/f.ics", body: event, contentType: "text/calendar") == 201)
    let result = try db.run(
      ["calendar", "add", server.url("/alice/focus/f.ics"), "--username", "alice"],
      environment: ["HERALD_CALENDAR_PASSWORD": "secret"])
    #expect(result.stdout == "c1\n", "\(result.stderr)")
    #expect(try db.succeed(["calendar", "list"]).hasPrefix("c1  feed  f  "))
    #expect(try db.succeed(["upcoming"]).contains("focus-block-start-feed-1"))
  }
}
