import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald block add … --calendar ID` on a real CalDAV server (Radicale) that another client also
/// writes: the block is an event there, Herald's edits and removal carry its ETag (`If-Match`), and
/// an event changed meanwhile is not overwritten. Skipped without Radicale, except under
/// `HERALD_REQUIRE_CALDAV=1`.
@Suite(.enabled(if: RadicaleServer.available, "radicale is not installed (apt-get install radicale)"))
struct CalDAVWriteBackTests {
  static let start = CalendarCommandTests.start

  @Test(.timeLimit(.minutes(2)))
  func aBlockInACalDAVCalendarIsChangedOnlyWithItsETag() async throws {
    let server = try await RadicaleServer()
    defer { server.remove() }
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(try await server.request("MKCALENDAR", "/alice/focus/") == 201)
    let password = ["HERALD_CALENDAR_PASSWORD": "secret"]
    let added = try db.run(
      ["calendar", "add", server.url("/alice/focus/"), "--username", "alice"], environment: password)
    #expect(added.stdout == "c1\n", "\(added.stderr)")
    let utc = { (date: Date) in RFC3339.utcString(date) }
    let write = { (arguments: [String]) in try db.run(arguments, environment: password) }

    // A UID with a space and an @: the event's name on the server is percent-encoded.
    let id = "deep work@herald"
    let created = try write([
      "block", "add", "--id", id, "--title", "Tiefe <Arbeit>", "--start", utc(Self.start), "--end",
      utc(Self.start + 3600), "--calendar", "c1",
    ])
    #expect(created.stdout == "\(id)\n", "\(created.stderr)")
    let href = "/alice/focus/deep%20work@herald.ics"
    let first = try await server.exchange("GET", href)
    #expect(first.status == 200)
    #expect(first.body.contains("UID:deep work@herald\r\n"))
    #expect(first.body.contains("SUMMARY:Tiefe <Arbeit>\r\n"))
    let reminder = { (start: Date, title: String) in
      "\(CLIDatabase.local(start - 300))  focus-block-start-\(id)  Focus Block startet gleich — \(title) beginnt in 5 Minuten  [focus]\n"
    }
    #expect(try db.succeed(["upcoming"]) == reminder(Self.start, "Tiefe <Arbeit>"))
    // The same UID again is refused by the server's If-None-Match, not written over.
    let again = try write([
      "block", "add", "--id", id, "--title", "X", "--start", utc(Self.start), "--end", utc(Self.start + 60),
      "--calendar", "c1",
    ])
    #expect(again.stderr == "error: block \(id): already exists\n")

    let moved = try write([
      "block", "edit", id, "--start", utc(Self.start + 7200), "--end", utc(Self.start + 10_800),
    ])
    #expect(moved.status == 0, "\(moved.stderr)")
    let second = try await server.exchange("GET", href)
    #expect(second.body.contains("DTSTART:\(ICalendarFixture.utc(Self.start + 7200))\r\n"))
    #expect(second.body.contains("SEQUENCE:1\r\n"))
    #expect(try db.succeed(["upcoming"]) == reminder(Self.start + 7200, "Tiefe <Arbeit>"))

    // Another client renames it; Herald has not read that yet: its edit and removal are refused.
    let theirs = second.body.replacingOccurrences(
      of: "SUMMARY:Tiefe <Arbeit>", with: "SUMMARY:Von Thunderbird")
    #expect(try await server.request("PUT", href, body: theirs, contentType: "text/calendar") < 300)
    for arguments in [["block", "edit", id, "--title", "Meins"], ["block", "remove", id]] {
      let refused = try write(arguments)
      #expect(refused.status != 0)
      #expect(
        refused.stderr
          == "error: block \(id): its event in calendar c1 was changed by another client since Herald last read it; not overwritten (`herald calendar sync c1` reads the new version)\n"
      )
    }
    #expect(try await server.exchange("GET", href).body.contains("SUMMARY:Von Thunderbird\r\n"))

    // Read, then removed: gone from the server and from the plan.
    #expect(try write(["calendar", "sync", "c1"]).status == 0)
    #expect(try db.succeed(["upcoming"]) == reminder(Self.start + 7200, "Von Thunderbird"))
    let removed = try write(["block", "remove", id])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try await server.exchange("GET", href).status == 404)
    #expect(try db.succeed(["upcoming"]) == "")
  }
}
