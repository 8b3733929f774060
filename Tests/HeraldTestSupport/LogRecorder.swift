import Foundation
import Logging

/// A logger whose messages a test reads back (swift-log's in-memory handler pattern).
public final class LogRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [(level: Logger.Level, message: String)] = []

  public init() {}

  /// A logger writing here, at `level` and above.
  public func logger(level: Logger.Level = .debug) -> Logger {
    var logger = Logger(label: "test") { _ in Handler(recorder: self) }
    logger.logLevel = level
    return logger
  }

  /// Every message so far, with its metadata appended as `key=value`.
  public var messages: [String] { lock.withLock { stored.map(\.message) } }

  /// The messages at `level`.
  public func messages(at level: Logger.Level) -> [String] {
    lock.withLock { stored.filter { $0.level == level }.map(\.message) }
  }

  fileprivate func append(_ level: Logger.Level, _ message: String) {
    lock.withLock { stored.append((level, message)) }
  }

  private struct Handler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
      let suffix = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
      recorder.append(event.level, "\(event.message)\(suffix)")
    }
  }
}
