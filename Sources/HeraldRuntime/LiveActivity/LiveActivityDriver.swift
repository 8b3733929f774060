import Foundation
import HeraldCore

/// When the daemon updates the Live Activity: the core's `FocusActivityLifecycle` says what runs,
/// and the display shows minutes, so it changes once a minute — and at once when a task is done,
/// another block starts, or the block ends.
public struct LiveActivityDriver: Sendable {
  /// What the presenter is to do.
  public enum Step: Sendable, Hashable {
    case show(FocusActivity)
    case end
  }

  private var lifecycle = FocusActivityLifecycle(limits: .unlimited)
  /// What was last shown, and the minutes it said were left.
  private var shown: (activity: FocusActivity, minutesLeft: Int)?
  private var evaluated = false

  public init() {}

  /// What to do at `now`, given the blocks and tasks as stored and whether the user wants the
  /// activity (`Settings.liveActivityNotificationEnabled`); `nil` when nothing changes on screen.
  /// The first call ends whatever an earlier run may have left showing when nothing runs.
  public mutating func step(blocks: [FocusBlock], tasks: [TodoItem], now: Date, enabled: Bool) -> Step? {
    let first = !evaluated
    evaluated = true
    _ = lifecycle.advance(blocks: enabled ? blocks : [], tasks: tasks, now: now)
    guard let activity = lifecycle.shown?.activity else {
      let wasShown = shown != nil
      shown = nil
      return wasShown || first ? .end : nil
    }
    let minutes = FocusCountdown.remainingMinutes(until: activity.attributes.endDate, now: now)
    if let shown, shown.activity == activity, shown.minutesLeft == minutes { return nil }
    shown = (activity, minutes)
    return .show(activity)
  }
}
