import Foundation
import HeraldSystem

/// The lines a process writes to a pipe, collected on a thread of their own as they arrive, so
/// that a test waits for the line it expects (up to a deadline) instead of sleeping.
public final class LineStream: @unchecked Sendable {
  private let condition = NSCondition()
  private var collected: [String] = []
  private var ended = false

  /// Starts reading `handle` until its end.
  public init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      handle.forEachLine({ append([$0], end: false) }, unterminated: { append([$0], end: false) })
      append([], end: true)
    }
  }

  private func append(_ lines: [String], end: Bool) {
    condition.withLock {
      collected += lines
      ended = ended || end
      condition.broadcast()
    }
  }

  /// Every whole line so far.
  public var lines: [String] { condition.withLock { collected } }

  /// Waits until `found` makes something of the lines so far, the stream ends or `deadline`
  /// passes; returns what `found` made of the last lines it saw.
  public func wait<T>(until deadline: Date, for found: ([String]) -> T?) -> T? {
    condition.withLock {
      while true {
        if let value = found(collected) { return value }
        if ended || !condition.wait(until: deadline) { return found(collected) }
      }
    }
  }
}
