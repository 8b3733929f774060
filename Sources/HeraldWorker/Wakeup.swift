import Foundation

/// A doorbell: `signal()` from anywhere ends one `wait()`; a signal while nobody waits is kept for
/// the next wait.
///
/// A signal may also say that the delivery table changed (`tableChanged`: a NOTIFY, a listening
/// connection made again, a batch of outcomes recorded), which the worker's loop takes as the cue
/// to ask the table again (`takeTableChanged`).
final class Wakeup: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = false
  private var changed = false
  private var waiter: CheckedContinuation<Void, Never>?

  func signal(tableChanged: Bool = false) {
    let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
      defer { self.waiter = nil }
      if tableChanged { changed = true }
      if self.waiter == nil { pending = true }
      return self.waiter
    }
    waiter?.resume()
  }

  /// Whether a signal since the last call said the table changed.
  func takeTableChanged() -> Bool {
    lock.withLock {
      defer { changed = false }
      return changed
    }
  }

  /// Returns at the next signal (at once when one came since the last wait), or when cancelled.
  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Checked under the lock: a cancellation either finds the waiter stored or is seen here.
        let ready: Bool = lock.withLock {
          if Task.isCancelled { return true }
          if pending {
            pending = false
            return true
          }
          waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
        defer { self.waiter = nil }
        return self.waiter
      }
      waiter?.resume()
    }
  }
}
