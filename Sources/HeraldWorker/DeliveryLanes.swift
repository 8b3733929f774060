import Foundation
import HeraldCore
import HeraldPostgres
import Synchronization

/// The rows a worker holds, in one lane per user: a lane's rows are carried out one after
/// another, in the order of their instants; at most `concurrency` lanes run side by side, and a
/// user whose lane cannot start yet waits for one to end. A user whose next row is claimed ahead
/// of its instant holds no lane meanwhile: they are put aside until it is due (`release`), so that
/// rows waiting for their second never keep due ones from being sent.
final class DeliveryLanes: Sendable {
  private struct State {
    /// Rows claimed and not yet begun, by user; a user is a key while their lane runs or waits.
    var waiting: [Int64: [ClaimedDelivery]] = [:]
    /// Users with a row due and no lane running, in the order they came.
    var queued: [Int64] = []
    /// Users with rows, none due yet, and no lane: the instant of each one's next row.
    var deferred: [Int64: Date] = [:]
    /// The user and their data as the claim's batch read them, until their lane starts.
    var known: [Int64: (HeraldUser, Result<PlanningState, any Error>)] = [:]
    var running = 0
    /// Rows being carried out now.
    var inFlight = 0
  }

  private let concurrency: Int
  private let state = Mutex(State())

  init(concurrency: Int) {
    self.concurrency = concurrency
  }

  /// Rows claimed and not yet recorded.
  var rowsHeld: Int {
    state.withLock { state in state.waiting.values.reduce(state.inFlight) { $0 + $1.count } }
  }

  var isBusy: Bool { state.withLock { !$0.waiting.isEmpty || $0.inFlight > 0 } }

  /// Adds claimed rows to their users' lanes, each lane kept in the order of its rows' instants;
  /// returns the users who had none, in the order of their first row (the caller reads them, then
  /// calls `start`).
  func enqueue(_ claimed: [ClaimedDelivery]) -> [Int64] {
    state.withLock { state in
      var new: [Int64] = []
      for row in claimed {
        if state.waiting[row.user] == nil {
          state.waiting[row.user] = []
          new.append(row.user)
        }
        var rows = state.waiting[row.user] ?? []
        // Claims come soonest first, so this is nearly always the end; a retry or a row taken
        // over from a dead worker may be due before rows claimed ahead.
        let index = rows.lastIndex { $0.dueAt <= row.dueAt }.map { $0 + 1 } ?? 0
        rows.insert(row, at: index)
        state.waiting[row.user] = rows
        if let later = state.deferred[row.user], row.dueAt < later { state.deferred[row.user] = row.dueAt }
      }
      return new
    }
  }

  /// Queues lanes for `users` whose first row is due at `now` and puts the others aside until
  /// theirs is (with what the batch read of them); returns how many lane tasks to start now — the
  /// rest start as running ones end.
  func start(
    _ users: [Int64], known: [Int64: (HeraldUser, Result<PlanningState, any Error>)], now: Date
  ) -> Int {
    state.withLock { state in
      state.known.merge(known) { $1 }
      for user in users {
        if let first = state.waiting[user]?.first, first.dueAt > now {
          state.deferred[user] = first.dueAt
        } else {
          state.queued.append(user)
        }
      }
      return Self.lanesToStart(&state, concurrency: concurrency)
    }
  }

  /// Queues the users put aside whose next row is due at `now`, soonest first; returns how many
  /// lane tasks to start.
  func release(now: Date) -> Int {
    state.withLock { state in
      let due = state.deferred.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
      for (user, _) in due {
        state.deferred[user] = nil
        state.queued.append(user)
      }
      return Self.lanesToStart(&state, concurrency: concurrency)
    }
  }

  /// The instant of the soonest row put aside: when `release` has a user to queue.
  var nextRelease: Date? { state.withLock { $0.deferred.values.min() } }

  private static func lanesToStart(_ state: inout State, concurrency: Int) -> Int {
    let starting = max(0, min(concurrency - state.running, state.queued.count))
    state.running += starting
    return starting
  }

  /// The next user a lane task should carry out, with what the batch read of them; nil ends the
  /// task.
  func nextUser() -> (Int64, (HeraldUser, Result<PlanningState, any Error>)?)? {
    state.withLock { state in
      guard !state.queued.isEmpty else {
        state.running -= 1
        return nil
      }
      let user = state.queued.removeFirst()
      return (user, state.known.removeValue(forKey: user))
    }
  }

  /// The user's next row when it is due at `now`, now in flight; nil ends their lane — the user
  /// is no longer a key when they have no rows, and is put aside until their next row's instant
  /// when it is not due yet.
  func next(of user: Int64, now: Date) -> ClaimedDelivery? {
    state.withLock { state in
      guard var rows = state.waiting[user], let row = rows.first else {
        state.waiting[user] = nil
        return nil
      }
      guard row.dueAt <= now else {
        state.deferred[user] = row.dueAt
        return nil
      }
      rows.removeFirst()
      state.waiting[user] = rows
      state.inFlight += 1
      return row
    }
  }

  /// The row taken by `next` is recorded (or left to its lease).
  func finished() {
    state.withLock { $0.inFlight -= 1 }
  }

  /// Takes the user's rows not yet begun out of their lane (to give them back).
  func drainWaiting(of user: Int64) -> [ClaimedDelivery] {
    state.withLock { state in
      let rows = state.waiting[user] ?? []
      if !rows.isEmpty { state.waiting[user] = [] }
      return rows
    }
  }

  /// Takes every row not yet begun out of every lane (a stopping worker gives them back). Users
  /// put aside are gone with their rows: no lane would end them.
  func drainWaiting() -> [ClaimedDelivery] {
    state.withLock { state in
      var rows: [ClaimedDelivery] = []
      for user in state.waiting.keys {
        rows += state.waiting[user] ?? []
        state.waiting[user] = []
      }
      for user in state.deferred.keys {
        state.waiting[user] = nil
        state.known[user] = nil
      }
      state.deferred = [:]
      return rows
    }
  }
}
