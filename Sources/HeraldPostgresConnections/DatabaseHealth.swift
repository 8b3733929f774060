import Foundation
import Logging
import Synchronization

/// Whether the database answers, as the connections last saw it: an outage is logged once when
/// it starts, with its cause, and once when it ends, with how long it lasted — not once per
/// failed call.
public final class DatabaseHealth: Sendable {
  private let logger: Logger
  /// When the outage began, while there is one.
  private let downSince = Mutex<ContinuousClock.Instant?>(nil)

  public init(logger: Logger) {
    self.logger = logger
  }

  public var isDown: Bool { downSince.withLock { $0 != nil } }

  public func failed(_ cause: String) {
    let began = downSince.withLock { since -> Bool in
      guard since == nil else { return false }
      since = .now
      return true
    }
    if began { logger.error("the database is unreachable", metadata: ["cause": "\(cause)"]) }
  }

  public func answered() {
    let since = downSince.withLock { since in
      defer { since = nil }
      return since
    }
    guard let since else { return }
    let gone = since.duration(to: .now)
    let seconds = Double(gone.components.seconds) + Double(gone.components.attoseconds) / 1e18
    logger.notice("the database answers again", metadata: ["after": "\(String(format: "%.1f", seconds)) s"])
  }
}
