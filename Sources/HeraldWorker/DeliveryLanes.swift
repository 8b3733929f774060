import Foundation
import HeraldCore
import HeraldPostgres
import Synchronization

/// The rows a worker holds, in one lane per user: a lane's rows are carried out one after
/// another, in their order, and at most `concurrency` rows of different lanes are carried out at
/// once (each holds a place while it is). A lane waiting for the instant of a row claimed ahead
/// holds no place: with rows a fraction of a second apart, lanes asleep holding places kept due
/// rows of other users waiting at a steady 5 000/s. Places go to lanes in the order they ask.
final class DeliveryLanes: Sendable {
  private struct State {
    /// Rows claimed and not yet begun, by user; a user is a key while their lane runs.
    var waiting: [Int64: [ClaimedDelivery]] = [:]
    /// Places held, and the lanes waiting for one.
    var working = 0
    var waitingForPlace: [CheckedContinuation<Void, Never>] = []
    /// Rows being carried out now (or waiting for their instant or a place).
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

  /// Lanes running: users with rows held. A lane carries out its user's rows one after another, so
  /// this, not `rowsHeld`, is what a claim's room counts: rows queued behind their user's own row
  /// keep no other user waiting, while counting them let 500 users of a receiver 2 s away, ten rows
  /// each, fill the room and hold back another receiver's users for 12 s (job `receivers`).
  var lanesHeld: Int { state.withLock { $0.waiting.count } }

  var isBusy: Bool { state.withLock { !$0.waiting.isEmpty || $0.inFlight > 0 } }

  /// Lanes waiting for a place.
  var lanesWaitingForPlace: Int { state.withLock { $0.waitingForPlace.count } }

  /// Adds claimed rows to their users' lanes; returns the users who had none, in the order of
  /// their first row (the caller reads them, then starts a lane for each).
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

  /// Returns when the lane holds a place to carry out its row (give it back with `finished`).
  func takePlace() async {
    await withCheckedContinuation { continuation in
      let placed: Bool = state.withLock { state in
        guard state.working >= concurrency || !state.waitingForPlace.isEmpty else {
          state.working += 1
          return true
        }
        state.waitingForPlace.append(continuation)
        return false
      }
      if placed { continuation.resume() }
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

  /// The row taken by `next` is recorded (or left to its lease): its place goes to the lane that
  /// asked first, if any.
  func finished() {
    let next: CheckedContinuation<Void, Never>? = state.withLock { state in
      state.inFlight -= 1
      guard !state.waitingForPlace.isEmpty else {
        state.working -= 1
        return nil
      }
      return state.waitingForPlace.removeFirst()
    }
    next?.resume()
  }

  /// The row taken by `next` was given back before it took a place.
  func givenBack() {
    state.withLock { $0.inFlight -= 1 }
  }

  /// The user's rows not yet begun, left in their lane.
  func waiting(of user: Int64) -> [ClaimedDelivery] {
    state.withLock { $0.waiting[user] ?? [] }
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
