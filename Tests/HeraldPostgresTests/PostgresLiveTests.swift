import Foundation
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Testing

@testable import HeraldServer

/// Live events with many users: each user's open live page gets their own changes (made through
/// the server, or by another process and noticed through their data version), never another's.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresLiveTests {
  @Test func eachUsersLiveEventsCarryTheirOwnChangesOnly() async throws {
    try await PostgresServerHarness.with { harness in
      let hubs = try #require(harness.server.hubs)
      let directory = harness.server.directory
      let alice = try #require(try await directory.account(forToken: harness.alice.token))
      let bob = try #require(try await directory.account(forToken: harness.bob.token))
      var aliceEvents = try await hubs.hub(for: alice).subscribe(after: nil).makeAsyncIterator()
      var bobEvents = try await hubs.hub(for: bob).subscribe(after: nil).makeAsyncIterator()
      // Nothing planned yet: both are idle (de: "Kein Focus Block läuft").
      let aliceFirst = Self.data(await aliceEvents.next())
      let bobFirst = Self.data(await bobEvents.next())
      #expect(Self.isIdle(aliceFirst), "\(aliceFirst ?? "no event")")
      #expect(Self.isIdle(bobFirst), "\(bobFirst ?? "no event")")

      // Another process adds a block running now (07:00Z) to Alice's data: the poll notices it.
      let aliceData = harness.store.data(ofUser: harness.alice.id, now: { PostgresServerHarness.now })
      try await aliceData.addFocusBlock(
        id: nil, title: "Alice deep work", start: PostgresServerHarness.now - 600,
        end: PostgresServerHarness.now + 3600, taskIDs: [])
      await hubs.poll()
      let aliceChange = try #require(Self.data(await aliceEvents.next()))
      #expect(aliceChange.contains("Alice deep work"))

      // A change through the API goes out at once, to the token's user.
      try await harness.test { client in
        let answer = try await harness.call(
          client, harness.bob, .post, "/api/v1/focus-blocks",
          json: #"{"title": "Bob focus", "start": "2026-11-23T06:30:00Z", "end": "2026-11-23T08:00:00Z"}"#)
        #expect(answer.status == .created)
      }
      let bobChange = try #require(Self.data(await bobEvents.next()))
      #expect(bobChange.contains("Bob focus"))
      #expect(!bobChange.contains("Alice"))
    }
  }

  /// Whether an event says no block runs (`"running": null`).
  static func isIdle(_ data: String?) -> Bool {
    guard let data, let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
    else {
      return false
    }
    return object["running"] is NSNull
  }

  static func data(_ message: LiveEventHub.Message?) -> String? {
    guard case .event(let event) = message else { return nil }
    return event.data
  }
}
