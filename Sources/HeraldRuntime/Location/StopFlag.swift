import Foundation

/// Set once, read from another thread: tells a reading thread its listener has gone.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false

  func stop() { lock.withLock { stopped = true } }
  var isStopped: Bool { lock.withLock { stopped } }
}
