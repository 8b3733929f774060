import Foundation

/// A doorbell: `signal()` from anywhere ends one `wait()`; a signal while nobody waits is kept for
/// the next wait.
final class Wakeup: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = false
  private var waiter: CheckedContinuation<Void, Never>?

  func signal() {
    let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
      defer { self.waiter = nil }
      if self.waiter == nil { pending = true }
      return self.waiter
    }
    waiter?.resume()
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
