import Foundation
import HTTPTypes
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// Issue 48, row 3: a focus block posted with the id of a followed calendar's event made the whole
/// calendar drop out of the plan, silently. An id a calendar uses is refused (409, naming the
/// calendar), and a calendar left out of the plan says so where calendars are listed.
@Suite struct CalendarIDTests {
  @Test func anIDACalendarUsesIsRefusedNamingTheCalendar() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let folder = try CalendarPagesTests.folder(in: harness)
    _ = try await CalendarFollowing.add(
      source: folder, name: CalendarPagesTests.name, username: nil, passwordFile: nil, store: harness.store,
      now: ServerHarness.now, timeZone: Fixtures.zone("Europe/Berlin"))
    try await harness.test { client in
      let block = try await harness.call(
        client, .post, "/api/v1/focus-blocks",
        json:
          #"{"id":"walk@example.org","title":"Mine","start":"2026-11-23T12:00:00Z","end":"2026-11-23T13:00:00Z"}"#
      )
      #expect(block.status == .conflict)
      let problem = String(decoding: block.data, as: UTF8.self)
      #expect(problem.contains("walk@example.org") && problem.contains(CalendarPagesTests.name), "\(problem)")
      let task = try await harness.call(
        client, .post, "/api/v1/tasks", json: #"{"id":"invoice","title":"Mine"}"#)
      #expect(task.status == .conflict)
      // Other ids are taken as ever, and the calendar's reminders stay in the plan.
      let other = try await harness.call(
        client, .post, "/api/v1/focus-blocks",
        json: #"{"id":"b-mine","title":"Mine","start":"2026-11-23T12:00:00Z","end":"2026-11-23T13:00:00Z"}"#)
      #expect(other.status == .created)
    }
    #expect(try harness.store.focusBlocks().map(\.id) == ["b-mine"])
  }

  /// A block stored before (by an older release) with a calendar's id: the settings page says the
  /// calendar is left out of the plan, and why.
  @Test func aCalendarLeftOutOfThePlanSaysSo() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try harness.store.addFocusBlock(
      id: "walk@example.org", title: "Mine", start: Fixtures.instant("2026-11-23T12:00:00Z"),
      end: Fixtures.instant("2026-11-23T13:00:00Z"))
    let folder = try CalendarPagesTests.folder(in: harness)
    let followed = try? await CalendarFollowing.add(
      source: folder, name: CalendarPagesTests.name, username: nil, passwordFile: nil, store: harness.store,
      now: ServerHarness.now, timeZone: Fixtures.zone("Europe/Berlin"))
    // `calendar add` itself refuses such a calendar; one followed before the block came is the case.
    if followed == nil {
      try harness.store.removeFocusBlock(id: "walk@example.org")
      _ = try await CalendarFollowing.add(
        source: folder, name: CalendarPagesTests.name, username: nil, passwordFile: nil, store: harness.store,
        now: ServerHarness.now, timeZone: Fixtures.zone("Europe/Berlin"))
      try harness.store.addFocusBlock(
        id: "walk@example.org", title: "Mine", start: Fixtures.instant("2026-11-23T12:00:00Z"),
        end: Fixtures.instant("2026-11-23T13:00:00Z"))
    }
    try await harness.test { client in
      let session = try await CalendarPagesTests.session(client, "/settings")
      #expect(session.html.contains("Nicht eingeplant:"), "\(session.html)")
      #expect(session.html.contains("walk@example.org"))
    }
  }
}
