import Foundation
import HeraldPostgres
import HeraldPostgresConnections
import Logging
import Synchronization

/// Records what the lanes did in batches: an outcome waits here at most `delay` (or until
/// `batchLimit` are waiting) and is written with the others in one transaction
/// (`PostgresStore.finishAll`: what it changes in its user's data, and a rolling reminder's
/// replan, with it), then the users shown something are announced to the servers' delivery
/// streams with one NOTIFY. A lane that must read its user's log or data again (a reminder that
/// would repeat one said before, a row after one that changed the data) first waits until that
/// user's outcomes are written.
///
/// A worker killed with outcomes still here loses their records, not their deliveries: the rows
/// are still claimed, and another worker sends them again (same `webhook-id`) when the lease ends
/// — the at-least-once the contract allows.
final class DeliveryRecorder: Sendable {
  private struct Item {
    var row: ClaimedDelivery
    var outcome: DeliveryOutcome
    /// The user's name when the row was shown.
    var shown: String?
  }

  private struct State {
    var buffer: [Item] = []
    /// Rows per user waiting here or being written.
    var unwritten: [Int64: Int] = [:]
    /// Of those, the rows that change their user's data (`PostgresStore.changesData`).
    var changing: [Int64: Int] = [:]
    var waiters: [Int64: [CheckedContinuation<Void, Never>]] = [:]
    var closed = false
  }

  let delay: Duration
  let batchLimit: Int
  private let store: PostgresStore
  private let logger: Logger
  private let state = Mutex(State())
  private let bell = Wakeup()
  /// Rung after each batch: the worker's loop looks again (a row it held is no longer pending).
  private let written: Wakeup

  /// `delay`: 50 ms, as River's batch completer — at a steady 1 000 deliveries/s, 20 ms made
  /// batches of 18 rows (50 ms: 32), and PostgreSQL spent a sixth more a delivery (0.278 against
  /// 0.240 ms, medians; docs/benchmarks.md).
  init(
    store: PostgresStore, logger: Logger, written: Wakeup, delay: Duration = .milliseconds(50),
    batchLimit: Int = 1_000
  ) {
    self.store = store
    self.logger = logger
    self.written = written
    self.delay = delay
    self.batchLimit = batchLimit
  }

  /// Takes an outcome to record.
  func add(_ row: ClaimedDelivery, _ outcome: DeliveryOutcome, shown: String?) {
    let count = state.withLock { state in
      state.buffer.append(Item(row: row, outcome: outcome, shown: shown))
      state.unwritten[row.user, default: 0] += 1
      if PostgresStore.changesData(row, outcome) { state.changing[row.user, default: 0] += 1 }
      return state.buffer.count
    }
    if count == 1 || count >= batchLimit { bell.signal() }
  }

  /// Those of `users` with an outcome given that changes their data and is not written yet: what
  /// was read of their data may be from before it.
  func changesUnwritten(of users: [Int64]) -> Set<Int64> {
    state.withLock { state in Set(users.filter { state.changing[$0] != nil }) }
  }

  /// Returns once every outcome of `user` given so far is written (or could not be).
  func written(user: Int64) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        guard state.unwritten[user, default: 0] > 0 else { return true }
        state.waiters[user, default: []].append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Writes batches until `close()`, then what is left.
  func run() async {
    while true {
      let closed = state.withLock { $0.closed && $0.buffer.isEmpty }
      if closed { return }
      await bell.wait()
      // A moment for more to come, unless a batch is full already.
      if state.withLock({ $0.buffer.count < batchLimit && !$0.closed }) {
        try? await Task.sleep(for: delay)
      }
      await flush()
      if Task.isCancelled { return }
    }
  }

  /// Returns once everything given so far is written (or could not be).
  func written() async {
    while state.withLock({ !$0.unwritten.isEmpty }), !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Stops taking time: the rest is written at once and `run()` returns.
  func close() {
    state.withLock { $0.closed = true }
    bell.signal()
  }

  /// Writes everything waiting now.
  func flush() async {
    let items = state.withLock { state in
      defer { state.buffer = [] }
      return state.buffer
    }
    guard !items.isEmpty else { return }
    do {
      try await persistently { try await self.store.finishAll(items.map { ($0.row, $0.outcome) }) }
      let shown = Set(items.compactMap(\.shown))
      if !shown.isEmpty { try? await store.announceDeliveries(toUsers: shown) }
    } catch {
      if !Task.isCancelled {
        logger.error(
          "recording deliveries failed; other workers send them again when their claims end",
          metadata: ["rows": "\(items.count)", "error": "\(PostgresProblem.describe(error))"])
      }
    }
    let waiting = state.withLock { state in
      var ready: [CheckedContinuation<Void, Never>] = []
      for item in items {
        if PostgresStore.changesData(item.row, item.outcome) {
          state.changing[item.row.user, default: 1] -= 1
          if state.changing[item.row.user] == 0 { state.changing[item.row.user] = nil }
        }
        state.unwritten[item.row.user, default: 1] -= 1
        if state.unwritten[item.row.user] == 0 {
          state.unwritten[item.row.user] = nil
          ready += state.waiters.removeValue(forKey: item.row.user) ?? []
        }
      }
      return ready
    }
    for waiter in waiting { waiter.resume() }
    written.signal()
    if state.withLock({ !$0.buffer.isEmpty }) { bell.signal() }
  }
}

/// Runs `body` until it does not fail for want of the database, pausing half a second between
/// tries (a stopped server refuses at once; the outage is logged by the connections); any other
/// error, or cancellation, ends it.
func persistently<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
  while true {
    do {
      return try await body()
    } catch let error as DatabaseUnavailable {
      guard !Task.isCancelled else { throw error }
      try await Task.sleep(for: .milliseconds(500))
    }
  }
}
