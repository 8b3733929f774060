import Foundation

/// The daemon's sense of time: a wall clock to compare with reminders, and a way to wait.
///
/// Injected everywhere that waits, so tests drive time by hand and the demo runs it fast;
/// nothing in the runtime calls `Date()` or `Task.sleep` directly.
public protocol HeraldClock: Sendable {
  /// The wall-clock instant now.
  func now() -> Date
  /// Seconds on a clock that never jumps and stops while the machine is suspended: comparing its
  /// advance with the wall clock's reveals a clock change or a suspend/resume.
  func monotonicSeconds() -> Double
  /// Returns once the wall clock reads `deadline` or later, or after `maximumWait` (monotonic,
  /// seconds of this clock) — whichever is first. Throws `CancellationError` when cancelled.
  func sleep(until deadline: Date, maximumWait: Double) async throws
}
