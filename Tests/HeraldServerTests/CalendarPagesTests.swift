import Foundation
import HTTPTypes
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// One person's server and the calendars they follow: the today page marks a calendar's blocks and
/// tasks with its name, the page and the API change a calendar block in its calendar (a vdir folder
/// here, as `herald block edit` does), and the settings page lists, adds and removes calendars.
@Suite struct CalendarPagesTests {
  static let name = "Arbeit & <Co>"

  /// A vdir folder with one event (Monday 10:00–11:00 UTC) and one to-do.
  static func folder(in harness: ServerHarness) throws -> String {
    let folder = harness.directory.path("calendar")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Herald tests//EN\r
    BEGIN:VEVENT\r
    UID:walk@example.org\r
    DTSTAMP:20261101T000000Z\r
    DTSTART:20261123T100000Z\r
    DTEND:20261123T110000Z\r
    SUMMARY:Spaziergang\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: folder + "/walk.ics", atomically: true, encoding: .utf8)
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Herald tests//EN\r
    BEGIN:VTODO\r
    UID:invoice\r
    DTSTAMP:20261101T000000Z\r
    DUE:20261123T150000Z\r
    SUMMARY:Rechnung\r
    END:VTODO\r
    END:VCALENDAR\r

    """.write(toFile: folder + "/invoice.ics", atomically: true, encoding: .utf8)
    return folder
  }

  /// The page's cookie and form token, as a browser gets them.
  static func session(_ client: some TestClientProtocol, _ path: String) async throws
    -> (cookie: String, token: String, html: String)
  {
    let (headers, html) = try await client.execute(uri: path, method: .get) {
      ($0.headers, String(buffer: $0.body))
    }
    let cookie = try #require(headers[.setCookie]?.split(separator: ";").first.map(String.init))
    let token = try #require(html.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
    return (cookie, String(token), html)
  }

  static func post(
    _ client: some TestClientProtocol, _ path: String, _ form: String,
    session: (cookie: String, token: String, html: String)
  ) async throws -> (status: HTTPResponse.Status, location: String?, html: String) {
    try await client.execute(
      uri: path, method: .post,
      headers: [.cookie: session.cookie, .contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: "_form=\(session.token)&" + form)
    ) { ($0.status, $0.headers[.location], String(buffer: $0.body)) }
  }

  @Test func aCalendarBlockIsMarkedAndChangedInItsCalendarByThePageAndTheAPI() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let folder = try Self.folder(in: harness)
    _ = try await CalendarFollowing.add(
      source: folder, name: Self.name, username: nil, passwordFile: nil, store: harness.store,
      now: ServerHarness.now, timeZone: Fixtures.zone("Europe/Berlin"))
    let event = { @Sendable in try String(contentsOfFile: folder + "/walk.ics", encoding: .utf8) }
    try await harness.test { client in
      let session = try await Self.session(client, "/today")
      let mark = #"<span class="tag calendar" title="Kalender">Arbeit &amp; &lt;Co&gt;</span>"#
      #expect(
        session.html.contains(#"<li id="block-walk@example.org" class="block-entry">"#), "\(session.html)")
      #expect(session.html.contains(#"action="/today/blocks/walk@example.org/edit""#))
      #expect(session.html.components(separatedBy: mark).count == 3, "the block and the task are marked")
      // A calendar's to-do is completed in the calendar, not here.
      #expect(session.html.contains(#"<li id="task-invoice" class="task-entry">"#))
      #expect(!session.html.contains("/today/tasks/invoice/complete"))

      // The page's edit form: 12:00 in Berlin is 11:00 UTC, written to the event.
      let edited = try await Self.post(
        client, "/today/blocks/walk%40example.org/edit",
        "title=Langer+Spaziergang&start=2026-11-23T12%3A00&end=2026-11-23T13%3A30", session: session)
      #expect(edited.status == .seeOther, "\(edited.html)")
      #expect(try event().contains("DTSTART:20261123T110000Z\r\n"))
      #expect(try event().contains("SUMMARY:Langer Spaziergang\r\n"))

      // The API, on the same event.
      let put = try await harness.call(
        client, .put, "/api/v1/focus-blocks/walk@example.org",
        json: #"{"title":"Kurz","start":"2026-11-23T12:00:00Z","end":"2026-11-23T12:15:00Z"}"#)
      #expect(put.status == .ok, "\(String(decoding: put.data, as: UTF8.self))")
      #expect(try event().contains("DTEND:20261123T121500Z\r\n"))
      #expect(try event().contains("SEQUENCE:2\r\n"))

      // Another client changes it: the API's edit is a conflict and overwrites nothing.
      let theirs = try event().replacingOccurrences(of: "SUMMARY:Kurz", with: "SUMMARY:Von khal")
      try theirs.write(toFile: folder + "/walk.ics", atomically: true, encoding: .utf8)
      let refused = try await harness.call(
        client, .put, "/api/v1/focus-blocks/walk@example.org",
        json: #"{"title":"Meins","start":"2026-11-23T12:00:00Z","end":"2026-11-23T12:15:00Z"}"#)
      #expect(refused.status == .conflict)
      #expect(try event() == theirs)

      _ = try await CalendarSync.sync(
        try #require(try harness.store.calendars().first), store: harness.store, now: ServerHarness.now,
        timeZone: Fixtures.zone("Europe/Berlin"))
      let deleted = try await harness.call(client, .delete, "/api/v1/focus-blocks/walk@example.org")
      #expect(deleted.status == .noContent)
      #expect(!FileManager.default.fileExists(atPath: folder + "/walk.ics"))
    }
  }

  @Test func theSettingsPageListsAddsAndRemovesCalendars() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let folder = try Self.folder(in: harness)
    try await harness.test { client in
      let session = try await Self.session(client, "/settings")
      #expect(session.html.contains(#"<section id="calendars""#))
      #expect(session.html.contains("Kein Kalender abonniert."))

      let name = Self.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
      let source = folder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
      let added = try await Self.post(
        client, "/settings/calendars", "source=\(source)&name=\(name)", session: session)
      #expect(added.status == .seeOther, "\(added.html)")
      #expect(added.location == "/settings?saved=1#calendars")
      let listed = try await client.execute(uri: "/settings", method: .get) { String(buffer: $0.body) }
      #expect(listed.contains(#"<li id="calendar-c1"><strong>Arbeit &amp; &lt;Co&gt;</strong>"#), "\(listed)")
      #expect(listed.contains("<code>\(folder)</code>"))

      // A source that cannot be read: said on the page, nothing added.
      let missing = try await Self.post(
        client, "/settings/calendars", "source=%2Fno%2Fsuch", session: session)
      #expect(missing.status == .unprocessableContent)
      #expect(missing.html.contains("/no/such: no such file or folder"), "\(missing.html)")
      #expect(try harness.store.calendars().map(\.id) == ["c1"])

      let removed = try await Self.post(client, "/settings/calendars/c1/remove", "", session: session)
      #expect(removed.status == .seeOther)
      #expect(try harness.store.calendars().isEmpty)
    }
  }
}
