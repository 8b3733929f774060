import Foundation

/// When the live stream draws its next frame: on the instants where the countdown's displayed
/// second changes, so each line shows a new number and none is skipped.
public enum LiveTick {
  /// How early a timer may wake and still count as on its tick: a sleep measured on the monotonic
  /// clock can end a hair before the wall clock reads the deadline, and drawing then would repeat
  /// the previous second.
  public static let wakeTolerance: TimeInterval = 0.01

  /// The next tick after `now`: the next instant a whole number of seconds before `countdownEnd`
  /// (where the rounded-up countdown changes), or the next whole wall-clock second when nothing
  /// counts down. Always within one second of `now`.
  public static func next(after now: Date, countdownEnd: Date?) -> Date {
    guard let end = countdownEnd, end > now else {
      return Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 1).rounded(.down))
    }
    let secondsLeftAfterTick = end.timeIntervalSince(now).rounded(.up) - 1
    return end.addingTimeInterval(-secondsLeftAfterTick)
  }

  /// The instant to draw a frame at after waking for `tick` at `woke`: the tick itself when the
  /// timer woke just before it, else the clock's reading (late, or the wall clock was changed).
  public static func frameInstant(woke: Date, tick: Date) -> Date {
    woke < tick && tick.timeIntervalSince(woke) <= wakeTolerance ? tick : woke
  }
}
