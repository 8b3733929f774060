import Foundation
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Synchronization
import Testing

/// The queue as a busy worker uses it: a claim that looks only after what it claimed last, and
/// the NOTIFY that makes it look from the earliest row again — a row queued due within seconds
/// (behind an earlier pending one, which used to wake nobody) and claims given back.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DeliveryQueueTests {
  static let now = Fixtures.instant("2026-11-23T07:00:00Z")

  /// A block starting at `start` (its reminder five minutes before).
  static func block(_ id: String, _ start: Date) -> FocusBlock {
    FocusBlock(id: id, title: id, start: start, end: start.addingTimeInterval(1_800))
  }

  @Test func aClaimAfterATimeTakesOnlyTheRowsDueAfterIt() async throws {
    try await TestDatabase.withStore { store in
      _ = try await store.addUser(name: "ada", timeZone: .utc, language: .en, webhook: nil, at: Self.now)
      var state = PlanningState(timeZone: .utc)
      state.focusBlocks = [
        Self.block("b1", Self.now.addingTimeInterval(3_600)),
        Self.block("b2", Self.now.addingTimeInterval(7_200)),
      ]
      try await store.replaceData(ofUser: "ada", with: state, now: Self.now)
      let first = Self.now.addingTimeInterval(3_300)
      let second = Self.now.addingTimeInterval(6_900)
      let later = Self.now.addingTimeInterval(7_000)
      // Both are due by then; after the first's time, only the second is taken.
      let after = try await store.claim(now: later, limit: 10, lease: 60, after: .end(of: first))
      #expect(after.map(\.dueAt) == [second])
      // From the earliest, the first.
      let earliest = try await store.claim(now: later, limit: 10, lease: 60)
      #expect(earliest.map(\.dueAt) == [first])
    }
  }

  @Test func claimsAfterTheLastRowTakenGoOnAmongRowsDueInTheSameInstant() async throws {
    try await TestDatabase.withStore { store in
      // Five users' reminders for the same block start: five rows due in one instant.
      var state = PlanningState(timeZone: .utc)
      state.focusBlocks = [Self.block("b1", Self.now.addingTimeInterval(3_600))]
      for name in ["ada", "bo", "cy", "di", "ed"] {
        _ = try await store.addUser(name: name, timeZone: .utc, language: .en, webhook: nil, at: Self.now)
        try await store.replaceData(ofUser: name, with: state, now: Self.now)
      }
      let later = Self.now.addingTimeInterval(3_400)
      let first = try await store.claim(now: later, limit: 2, lease: 60)
      let second = try await store.claim(now: later, limit: 2, lease: 60, after: first.last?.place)
      let third = try await store.claim(now: later, limit: 2, lease: 60, after: second.last?.place)
      // Each after the last taken, in the queue's order: all five, none twice, none skipped.
      let places = (first + second + third).map(\.place)
      #expect(places.count == 5)
      #expect(places == places.sorted())
      #expect(Set(places.map(\.dueAt)) == [Self.now.addingTimeInterval(3_300)])
      #expect(try await store.claim(now: later, limit: 2, lease: 60, after: third.last?.place).isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func aRowQueuedDueWithinSecondsOrClaimsGivenBackWakeTheWorkers() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let heard = NotifyCount()
        let listening = Task {
          try await store.listenForEarlierDeliveries { heard.count.withLock { $0 += 1 } }
        }
        defer { listening.cancel() }
        let listen =
          "SELECT query FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()"
        try await WorkerWakeTests.until("LISTEN", { try await TestDatabase.column(url, listen).count == 1 })
        // The server's clock: whether a row is due within seconds is the database's `now()`.
        let now = Date()
        _ = try await store.addUser(name: "ada", timeZone: .utc, language: .en, webhook: nil, at: now)
        var state = PlanningState(timeZone: .utc)
        // A reminder in a second, earlier than every pending row: heard, as ever.
        state.focusBlocks = [Self.block("b1", now.addingTimeInterval(301))]
        try await store.replaceData(ofUser: "ada", with: state, now: now)
        try await WorkerWakeTests.until("the first NOTIFY", { heard.count.withLock { $0 } == 1 })
        // One due half a second after it, behind it: a busy worker may have claimed past its
        // time already; the NOTIFY has it look from the earliest row again.
        state.focusBlocks.append(Self.block("b2", now.addingTimeInterval(301.5)))
        try await store.replaceData(ofUser: "ada", with: state, now: now)
        try await WorkerWakeTests.until(
          "the NOTIFY of a row due within seconds", { heard.count.withLock { $0 } == 2 })
        // Claims given back for any worker to take at once are heard too.
        let claimed = try await store.claim(now: now.addingTimeInterval(60), limit: 10, lease: 60)
        #expect(claimed.count == 2)
        try await store.release(claimed, retryAt: nil)
        try await WorkerWakeTests.until(
          "the NOTIFY of claims given back", { heard.count.withLock { $0 } == 3 })
      }
    }
  }
}

/// How many NOTIFYs a listener heard.
final class NotifyCount: Sendable {
  let count = Mutex(0)
}
