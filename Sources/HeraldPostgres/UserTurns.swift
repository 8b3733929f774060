import Synchronization

/// One turn at a time per user, in this process: adding or changing a task writes only while the
/// user's data is at the version this process knows (`DocumentCache`), so adds of one user running
/// side by side all but one found the version moved and tried again under the user's row lock —
/// four round trips each, holding it. Taking turns, each change starts from the version the one
/// before it left, and its first try holds. Users do not wait on each other; other processes'
/// changes are still caught by the version.
final class UserTurns: Sendable {
  /// The users whose turn is taken, each with those waiting for it, first come first.
  private let queues = Mutex<[Int64: [CheckedContinuation<Void, Never>]]>([:])

  /// Runs `body` when no other call for `user` runs, in the order the calls came.
  func withTurn<Value>(of user: Int64, _ body: () async throws -> Value) async rethrows -> Value {
    await withCheckedContinuation { continuation in
      let free = queues.withLock { queues in
        guard queues[user] != nil else {
          queues[user] = []
          return true
        }
        queues[user]?.append(continuation)
        return false
      }
      if free { continuation.resume() }
    }
    defer { pass(user) }
    return try await body()
  }

  /// The next waiting for `user` goes on; with none, the turn is free.
  private func pass(_ user: Int64) {
    let next = queues.withLock { queues -> CheckedContinuation<Void, Never>? in
      guard let waiting = queues[user], let next = waiting.first else {
        queues[user] = nil
        return nil
      }
      queues[user] = Array(waiting.dropFirst())
      return next
    }
    next?.resume()
  }
}
