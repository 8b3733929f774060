import Foundation

/// Decides, from the blocks, tasks and `now`, how the shown activity must change.
///
/// A value type: the caller keeps it and feeds it the world each time something may have changed
/// (a task completed, a block edited, the clock reaching `nextEvaluation`). A platform caps an
/// activity's life (iOS: 8 hours); a longer block's activity is ended and started anew
/// `renewalMargin` before the cap, so the countdown never vanishes mid-block.
public struct FocusActivityLifecycle: Sendable, Hashable {
  /// An activity on screen, and when it was started (the platform's cap counts from then).
  public struct Shown: Sendable, Hashable {
    public var activity: FocusActivity
    public var startedAt: Date
  }

  /// The activity shown now.
  public private(set) var shown: Shown?
  public let maximumDuration: TimeInterval?
  public let renewalMargin: TimeInterval

  public init(limits: Limits, renewalMargin: TimeInterval = 300) {
    self.maximumDuration = limits.liveActivityMaximumDuration
    self.renewalMargin = renewalMargin
  }

  /// Brings the shown activity up to date and says what changed.
  public mutating func advance(blocks: [FocusBlock], tasks: [TodoItem], now: Date)
    -> [FocusActivityTransition]
  {
    let desired = FocusActivity.current(blocks: blocks, tasks: tasks, now: now)
    var transitions: [FocusActivityTransition] = []
    if let current = shown {
      let sameBlock = desired?.attributes == current.activity.attributes
      if !sameBlock || needsRenewal(startedAt: current.startedAt, now: now) {
        transitions.append(.end(current.activity.attributes))
        shown = nil
      } else if let desired, desired.state != current.activity.state {
        transitions.append(.update(desired.state))
        shown = Shown(activity: desired, startedAt: current.startedAt)
      }
    }
    if shown == nil, let desired {
      transitions.append(.start(desired))
      shown = Shown(activity: desired, startedAt: now)
    }
    return transitions
  }

  /// When to call `advance` again without any other change: the block's end or the renewal.
  public func nextEvaluation(blocks: [FocusBlock], now: Date) -> Date? {
    var dates = blocks.map(\.start).filter { $0 > now }
    if let shown {
      dates.append(shown.activity.attributes.endDate)
      if let maximumDuration {
        dates.append(shown.startedAt.addingTimeInterval(maximumDuration - renewalMargin))
      }
    }
    return dates.min()
  }

  private func needsRenewal(startedAt: Date, now: Date) -> Bool {
    guard let maximumDuration else { return false }
    return now >= startedAt.addingTimeInterval(maximumDuration - renewalMargin)
  }
}
