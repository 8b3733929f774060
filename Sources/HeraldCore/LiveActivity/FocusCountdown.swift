import Foundation

/// The countdown every renderer shows (status bar, terminal, web page): the meaning of
/// `Text(timerInterval:)` and the spec's progress.
public enum FocusCountdown {
  /// Whole seconds left until `end`, never negative. Rounded up, so "0:00" means over.
  public static func remainingSeconds(until end: Date, now: Date) -> Int {
    max(0, Int(end.timeIntervalSince(now).rounded(.up)))
  }

  /// `M:SS` under an hour, `H:MM:SS` from an hour on.
  public static func remainingText(until end: Date, now: Date) -> String {
    let seconds = remainingSeconds(until: end, now: now)
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    return h > 0 ? "\(h):\(CivilDate.pad(m, 2)):\(CivilDate.pad(s, 2))" : "\(m):\(CivilDate.pad(s, 2))"
  }

  /// Whole minutes left until `end`, never negative, rounded up: what a display that changes once
  /// a minute shows ("25 min left" from 25:00 down to 24:01).
  public static func remainingMinutes(until end: Date, now: Date) -> Int {
    max(0, Int((end.timeIntervalSince(now) / 60).rounded(.up)))
  }

  /// When `remainingMinutes` next changes after `now`: the next instant a whole number of minutes
  /// before `end`; `nil` once the block is over.
  public static func nextMinuteChange(until end: Date, after now: Date) -> Date? {
    guard end > now else { return nil }
    let minutesLeftAfterChange = (end.timeIntervalSince(now) / 60).rounded(.up) - 1
    return end.addingTimeInterval(-minutesLeftAfterChange * 60)
  }

  /// The elapsed share of the block, 0…1.
  public static func progress(start: Date, end: Date, now: Date) -> Double {
    let total = end.timeIntervalSince(start)
    guard total > 0 else { return 1 }
    return min(1, max(0, now.timeIntervalSince(start) / total))
  }

  /// The elapsed share as a whole percentage, 0…100 (rounded down: 100 only when over).
  public static func percent(start: Date, end: Date, now: Date) -> Int {
    Int((progress(start: start, end: end, now: now) * 100).rounded(.down))
  }
}
