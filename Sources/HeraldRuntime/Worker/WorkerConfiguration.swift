import Foundation
import HeraldCore

/// How a delivery worker claims and retries.
public struct WorkerConfiguration: Sendable {
  /// Deliveries in flight at once.
  public var concurrency: Int
  /// Rows claimed per round.
  public var batchSize: Int
  /// How long a claim holds: a dead worker's rows are taken over after this.
  public var lease: TimeInterval
  /// Tries of a webhook before the delivery is recorded as failed.
  public var maximumAttempts: Int
  /// How long a receiver has to answer.
  public var requestTimeout: TimeInterval
  /// Late and missed, as the daemon decides them.
  public var delivery: DeliveryPolicy
  /// The longest an idle worker waits without looking (a safety net; it is woken earlier).
  public var maximumIdle: TimeInterval

  public init(
    concurrency: Int = 16, batchSize: Int = 200, lease: TimeInterval = 25, maximumAttempts: Int = 5,
    requestTimeout: TimeInterval = 10, delivery: DeliveryPolicy = DeliveryPolicy(),
    maximumIdle: TimeInterval = 60
  ) {
    self.concurrency = concurrency
    self.batchSize = batchSize
    self.lease = lease
    self.maximumAttempts = maximumAttempts
    self.requestTimeout = requestTimeout
    self.delivery = delivery
    self.maximumIdle = maximumIdle
  }

  /// Seconds before the try after `attempt` failed: 1, 2, 4, 8 … capped at a minute.
  public func retryDelay(afterAttempt attempt: Int) -> TimeInterval {
    min(60, pow(2, Double(max(0, attempt - 1))))
  }
}
