import Foundation
import HeraldCore
import HeraldPostgres
import Synchronization

/// The rows a worker holds, in one lane per user: a lane's rows are carried out one after
/// another, in their order; at most `concurrency` lanes run side by side, and a user whose lane
/// cannot start yet waits for one to end.
final class DeliveryLanes: Sendable {
  private struct State {
    /// Rows claimed and not yet begun, by user; a user is a key while their lane runs or waits.
    var waiting: [Int64: [ClaimedDelivery]] = [:]
    /// Users with rows and no lane running, in the order they came.
    var queued: [Int64] = []
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

  /// Adds claimed rows to their users' lanes; returns the users who had none, in the order of
  /// their first row (the caller reads them, then calls `start`).
  func enqueue(_ claimed: [ClaimedDelivery]) -> [Int64] {
    state.withLock { state in
      var new: [Int64] = []
      for row in claimed {
        if state.waiting[row.user] == nil {
          state.waiting[row.user] = []
          new.append(row.user)
        }
        state.waiting[row.user]?.append(row)
      }
      return new
    }
  }

  /// Queues lanes for `users` (with what the batch read of them); returns how many lane tasks
  /// to start now — the rest start as running ones end.
  func start(_ users: [Int64], known: [Int64: (HeraldUser, Result<PlanningState, any Error>)]) -> Int {
    state.withLock { state in
      state.queued += users
      state.known.merge(known) { $1 }
      let starting = min(concurrency - state.running, state.queued.count)
      state.running += max(0, starting)
      return max(0, starting)
    }
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

  /// The user's next row, now in flight; nil ends their lane (the user is no longer a key).
  func next(of user: Int64) -> ClaimedDelivery? {
    state.withLock { state in
      guard var rows = state.waiting[user], !rows.isEmpty else {
        state.waiting[user] = nil
        return nil
      }
      let row = rows.removeFirst()
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

  /// Takes every row not yet begun out of every lane (a stopping worker gives them back).
  func drainWaiting() -> [ClaimedDelivery] {
    state.withLock { state in
      var rows: [ClaimedDelivery] = []
      for user in state.waiting.keys {
        rows += state.waiting[user] ?? []
        state.waiting[user] = []
      }
      return rows
    }
  }
}
