import Foundation
import HeraldContracts
import HeraldSystem

/// A wall clock that runs `factor` times as fast as real time: it read `start` at the real
/// instant `anchor`. The demo shows a day of reminders in two minutes on the real timer machinery,
/// and tests restart a daemon on the same fast clock (same start and anchor) where it left off.
public struct ScaledClock: HeraldClock {
  public let start: Date
  public let factor: Double
  public let anchor: Date
  private let origin = ContinuousClock.now

  public init(start: Date, factor: Double, anchor: Date = Date()) {
    self.start = start
    self.factor = factor
    self.anchor = anchor
  }

  public func now() -> Date { start.addingTimeInterval(Date().timeIntervalSince(anchor) * factor) }

  public func monotonicSeconds() -> Double {
    let elapsed = origin.duration(to: ContinuousClock.now)
    return elapsed.inSeconds * factor
  }

  public func sleep(until deadline: Date, maximumWait: Double) async throws {
    let scaled = min(max(0, deadline.timeIntervalSince(now())), maximumWait)
    try await Task.sleep(for: .nanoseconds(Int64(scaled / factor * 1e9)))
  }
}
