import Foundation
import Logging
import Synchronization

/// Which users' webhook receivers are failing, so that an outage of a receiver is logged once
/// when it starts (with its cause) and once when it ends (with how long it lasted), not once per
/// delivery tried meanwhile.
final class ReceiverHealth: Sendable {
  private let failingSince = Mutex<[String: ContinuousClock.Instant]>([:])

  func failed(user: String, problem: String, logger: Logger) {
    let began = failingSince.withLock { failing -> Bool in
      guard failing[user] == nil else { return false }
      failing[user] = .now
      return true
    }
    if began {
      logger.warning(
        "a user's webhook fails; their deliveries are retried while they still have a point",
        metadata: ["user": "\(user)", "error": "\(problem)"])
    }
  }

  func answered(user: String, logger: Logger) {
    guard let since = failingSince.withLock({ $0.removeValue(forKey: user) }) else { return }
    let gone = since.duration(to: .now)
    let seconds = Double(gone.components.seconds) + Double(gone.components.attoseconds) / 1e18
    logger.notice(
      "a user's webhook answers again",
      metadata: ["user": "\(user)", "after": "\(String(format: "%.1f", seconds)) s"])
  }
}
