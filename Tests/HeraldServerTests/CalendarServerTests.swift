import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// One person's server plans with the calendars they follow (`herald calendar add`), as the daemon
/// and `herald upcoming` do: a weekly event of the calendar is a focus block in the API's plan and
/// countdown and on the today page — its title exactly as the calendar wrote it.
@Suite struct CalendarServerTests {
  /// Every Monday 08:00–10:00 UTC (09:00 in Berlin) since 2 November 2026.
  static let title = #"Deep Work <Kalender> & "Fokus""#
  static let calendar = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Herald tests//EN\r
    BEGIN:VEVENT\r
    UID:deep-work\r
    DTSTAMP:20261101T000000Z\r
    DTSTART:20261102T080000Z\r
    DTEND:20261102T100000Z\r
    RRULE:FREQ=WEEKLY\r
    SUMMARY:Deep Work <Kalender> & "Fokus"\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  /// A harness (Monday 23 November, 07:00 UTC) following the calendar.
  static func following() throws -> ServerHarness {
    let harness = try ServerHarness()
    _ = try harness.store.addCalendar(
      FollowedCalendar(name: "Arbeit", kind: .file, source: "/calendars/work.ics"),
      items: [CalendarItem(href: "work.ics", data: Data(calendar.utf8))], readAt: ServerHarness.now)
    return harness
  }

  @Test func theCalendarsBlocksAreInThePlanTheCountdownAndTheTodayPage() async throws {
    let harness = try Self.following()
    defer { harness.remove() }
    try await harness.test { client in
      // The plan: the 5-minute reminder of this Monday's instance, 07:55 UTC.
      let plan = try await harness.call(client, .get, "/api/v1/plan")
      #expect(plan.status == .ok)
      let pending = try #require((plan.body as? [String: Any])?["pending"] as? [[String: Any]])
      let reminder = try #require(pending.first { ($0["fireDate"] as? String) == "2026-11-23T07:55:00Z" })
      #expect((reminder["body"] as? String)?.hasPrefix(Self.title) == true, "\(reminder)")

      // The today page shows it, escaped for HTML.
      let today = try await client.execute(uri: "/today", method: .get) { String(buffer: $0.body) }
      #expect(today.contains("Deep Work &lt;Kalender&gt; &amp; &quot;Fokus&quot;"), "\(today)")
      #expect(!today.contains("<Kalender>"))
      // An instance of the series says so, and offers no edit or delete that would be refused.
      let id = "deep-work/20261123T080000Z"
      let row = try #require(
        today.firstMatch(of: /<li id="block-deep-work\/20261123T080000Z"[^>]*>(?s:.*?)<\/li>/).map {
          String($0.output)
        },
        "\(today)")
      #expect(row.contains("<span class=\"tag series\">Serie</span>"), "\(row)")
      #expect(row.contains("Teil einer Serie: ändere oder lösche sie in ihrem Kalender."))
      #expect(!row.contains("/today/blocks/\(TodayPage.segment(id))/edit"))
      #expect(!row.contains("/delete"))

      // The countdown, once it runs.
      harness.clock.advance(by: 3600 + 1800)
      let live = try await harness.call(client, .get, "/api/v1/live")
      let running = try #require(
        (live.body as? [String: Any])?["running"] as? [String: Any], "\(live.body ?? "")")
      #expect(running["title"] as? String == Self.title, "\(running)")
    }
  }

  @Test func theUsersOwnDataIsNotChangedByIt() async throws {
    let harness = try Self.following()
    defer { harness.remove() }
    try await harness.test { client in
      // The calendar's blocks are read with the plan, never written to the user's own list.
      let blocks = try await harness.call(client, .get, "/api/v1/focus-blocks")
      #expect(blocks.status == .ok)
      #expect((blocks.body as? [Any])?.isEmpty == true, "\(blocks.body ?? "")")
      _ = try await harness.call(client, .get, "/api/v1/plan")
    }
    #expect(try harness.store.focusBlocks().isEmpty)
  }
}
