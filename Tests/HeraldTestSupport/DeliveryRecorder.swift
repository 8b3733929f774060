import Foundation
import HeraldCore

/// Collects delivery lines as a stdout sink would print them, for assertions.
public final class DeliveryRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  public init() {}

  /// The writer to give `StdoutSink(write:)`.
  public var write: @Sendable (String) -> Void {
    { [self] line in lock.withLock { stored.append(line) } }
  }

  /// Every line so far, parsed.
  public var lines: [[String: Any]] {
    lock.withLock { stored }.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The ids delivered so far, in order.
  public var ids: [String] { lines.compactMap { $0["id"] as? String } }
}
