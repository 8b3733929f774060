import Foundation
import HeraldCore

/// How a delivery worker claims and retries.
public struct WorkerConfiguration: Sendable {
  /// Users whose deliveries are carried out at once (one lane each; a user's own are in order):
  /// the worker-wide ceiling. How many of them go to one receiver at once is found per receiver
  /// (`DestinationLimit`), up to `maxInFlightPerReceiver`.
  public var concurrency: Int
  /// Users' lanes a worker runs at most (rows claimed and not yet recorded, counted one a user;
  /// at most four times as many rows).
  public var batchSize: Int
  /// How long a claim holds: a dead worker's rows are taken over after this.
  public var lease: TimeInterval
  /// How long a receiver has for one exchange, connecting included.
  public var requestTimeout: TimeInterval
  /// The longest wait between two tries of a failing webhook.
  public var maximumRetryDelay: TimeInterval
  /// Late and missed, as the daemon decides them; a failing webhook is retried until the grace
  /// window ends.
  public var delivery: DeliveryPolicy
  /// The longest an idle worker waits without looking (a safety net; it is woken earlier).
  public var maximumIdle: TimeInterval
  /// How far ahead rows are claimed: each is then carried out from a timer at its instant, so a
  /// second with thousands due is as punctual as one with a few.
  public var lookahead: TimeInterval
  /// Requests under way to one receiver (its origin) at most, whatever it takes: the operator's
  /// ceiling on what the receiver's own limit may grow to. Also the connections kept open to it.
  public var maxInFlightPerReceiver: Int
  /// The shortest time between two claims when the last took everything due within the
  /// lookahead (a NOTIFY of an earlier row ends the wait at once). Well below `lookahead`, so
  /// rows are still claimed ahead.
  public var claimInterval: TimeInterval = 0.05
  /// Seconds between two readings of the queue's depth for the metrics.
  public var queueWatchInterval: TimeInterval = 5
  /// Seconds between two comparisons of each zone's rules in the system's tz database with those
  /// its users' deliveries were planned with (`DeliveryWorker.watchZones`).
  public var zoneCheckInterval: TimeInterval = 60

  public init(
    concurrency: Int = 1_024, batchSize: Int = 1_000, lease: TimeInterval = 25,
    requestTimeout: TimeInterval = 10,
    maximumRetryDelay: TimeInterval = 300, delivery: DeliveryPolicy = DeliveryPolicy(),
    maximumIdle: TimeInterval = 60, lookahead: TimeInterval = 0.25, maxInFlightPerReceiver: Int = 1_024
  ) {
    self.concurrency = concurrency
    self.batchSize = batchSize
    self.lease = lease
    self.requestTimeout = requestTimeout
    self.maximumRetryDelay = maximumRetryDelay
    self.delivery = delivery
    self.maximumIdle = maximumIdle
    self.lookahead = lookahead
    self.maxInFlightPerReceiver = maxInFlightPerReceiver
  }

  /// Seconds before the try after `attempt` failed: 1, 2, 4, 8 … up to `maximumRetryDelay`, each
  /// with up to a quarter taken off at random, so that the deliveries a receiver's outage held
  /// back do not all come back to it in the same instant.
  public func retryDelay(afterAttempt attempt: Int, random: Double = Double.random(in: 0..<1)) -> TimeInterval
  {
    let delay = min(maximumRetryDelay, pow(2, Double(min(30, max(0, attempt - 1)))))
    return delay * (1 - 0.25 * random)
  }
}
