import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport
import Testing

/// A worker's batch of outcomes (`PostgresStore.finishAll`) that change users' data: movement
/// reminders shown by several users at once move each one's log and chain on, in one
/// transaction, as replanning that user's data whole from the reminder's instant would.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresBatchRecordTests {
  /// Monday 09:00–10:00 UTC, a regular reminder every 20 minutes; a block and a task besides.
  static let scenario = """
    {
      "timeZone": "UTC", "locale": "en", "settings": {"progressReportEnabled": false},
      "focusBlocks": [{"id": "b1", "title": "Deep Work", "start": "2026-11-23T11:00:00Z", "end": "2026-11-23T12:00:00Z"}],
      "tasks": [{"id": "t1", "title": "Steuer", "due": "2026-11-24T17:00:00Z"}],
      "movement": {"days": {"monday": {"timeBlocks": [
        {"start": "09:00", "end": "10:00", "style": "gentle", "intervalMinutes": 20}]}}}
    }
    """
  static let now = PostgresStoreTests.now
  static let shown = Fixtures.instant("2026-11-23T09:20:00Z")

  /// The user's pending rows after `instant`, as `requestID@fireDate kind`, sorted.
  static func pending(_ url: PostgresURL, user: String, after instant: Date) async throws -> [String] {
    try await PostgresTaskRowsTests.plan(url, user: user).compactMap { row in
      guard row.hasSuffix(" pending"), let at = row.split(separator: "@").last?.prefix(20),
        Fixtures.instant(String(at)) > instant
      else { return nil }
      return String(row.dropLast(" pending".count))
    }
  }

  @Test func movementRemindersShownInOneBatchMoveEachUsersChainOn() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let state = try PostgresStoreTests.state(Self.scenario)
        for name in ["ada", "bea", "cem", "reference"] {
          _ = try await store.addUser(name: name, timeZone: .utc, language: .en, webhook: nil, at: Self.now)
          if name != "reference" { try await store.replaceData(ofUser: name, with: state, now: Self.now) }
        }
        let rows = try await store.claim(now: Self.shown, limit: 100, lease: 60).filter {
          $0.requestID == "exercise-reminder"
        }
        #expect(rows.count == 3)
        let context = PlanningContext(state: state, now: Self.shown, limits: .unlimited)
        let items = rows.map { row in
          let effects = row.reminder(in: context).map { Planner.due($0, in: context).effects } ?? []
          return (row, DeliveryOutcome.delivered(at: Self.shown, late: false, effects: effects, record: "{}"))
        }
        #expect(items.allSatisfy { !$0.1.effects.isEmpty })
        // cem's row was finished meanwhile by another worker: his outcome changes nothing.
        let cem = try await store.user(named: "cem").id
        _ = try await TestDatabase.column(
          url,
          "UPDATE delivery SET status = 'missed' WHERE user_id = \(cem) AND kind = 'exercise-reminder' RETURNING id"
        )
        try await store.finishAll(items)

        // What each shown reminder changes, as the whole data replanned from its instant has it.
        var moved = state
        var log = MovementLog()
        for effect in items[0].1.effects { log.apply(effect) }
        moved.movementLog = log
        try await store.replaceData(ofUser: "reference", with: moved, now: Self.shown)
        let expected = try await Self.pending(url, user: "reference", after: Self.shown)
        #expect(expected.contains("exercise-reminder@2026-11-23T09:40:00Z exercise-reminder"), "\(expected)")
        #expect(expected.contains { $0.hasPrefix("due-date-morning-t1@") }, "\(expected)")
        for name in ["ada", "bea"] {
          let user = try await store.user(named: name).id
          #expect(try await store.planningState(ofUser: user).movementLog == log, "\(name)")
          #expect(try await Self.pending(url, user: name, after: Self.shown) == expected, "\(name)")
          #expect(
            try await PostgresStoreTests.rows(url, user: name).contains(
              "exercise-reminder@2026-11-23T09:20:00Z delivered"))
        }
        #expect(try await store.planningState(ofUser: cem).movementLog == MovementLog())
        #expect(
          try await Self.pending(url, user: "cem", after: Self.shown).allSatisfy {
            !$0.hasPrefix("exercise-reminder@2026-11-23T09:40")
          })
      }
    }
  }
}
