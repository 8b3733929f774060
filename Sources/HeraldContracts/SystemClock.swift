import Foundation
import HeraldSystem

/// The machine's real clocks.
public struct SystemClock: HeraldClock {
  private static let origin = SuspendingClock.now

  public init() {}

  public func now() -> Date { Date() }

  public func monotonicSeconds() -> Double {
    // SuspendingClock stops while the machine sleeps, unlike the wall clock.
    let elapsed = Self.origin.duration(to: SuspendingClock.now)
    return elapsed.inSeconds
  }

  public func sleep(until deadline: Date, maximumWait: Double) async throws {
    let wait = min(max(0, deadline.timeIntervalSinceNow), maximumWait)
    try await Task.sleep(for: .nanoseconds(Int64(wait * 1e9)))
  }
}
