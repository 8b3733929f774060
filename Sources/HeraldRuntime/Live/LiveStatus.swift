import Foundation
import HeraldCore

/// What every format shows of a running block at one instant, worked out once so the formats
/// differ only in layout. Titles are as written, made printable on one line; each format shortens
/// and escapes them for its medium.
public struct LiveStatus: Sendable, Hashable {
  /// Seconds left at which the countdown counts as ending (a bar can style its last minute).
  public static let endingThreshold = 60

  /// The block's title.
  public var title: String
  /// `M:SS` or `H:MM:SS`, as `FocusCountdown` writes it.
  public var remaining: String
  /// Whole seconds left, rounded up.
  public var secondsLeft: Int
  /// The first open task; `nil` when all are done or the block has none.
  public var currentTask: String?
  /// How many of the block's tasks are done, of how many.
  public var completedCount: Int
  public var totalCount: Int
  /// The elapsed share of the block, 0…100.
  public var percent: Int

  /// The status of `activity` at `now`.
  public init(_ activity: FocusActivity, now: Date) {
    let attributes = activity.attributes
    title = DisplayText.printable(attributes.blockTitle, singleLine: true)
    remaining = FocusCountdown.remainingText(until: attributes.endDate, now: now)
    secondsLeft = FocusCountdown.remainingSeconds(until: attributes.endDate, now: now)
    currentTask = activity.state.currentTaskTitle.map { DisplayText.printable($0, singleLine: true) }
    completedCount = activity.state.completedCount
    totalCount = activity.state.totalCount
    percent = FocusCountdown.percent(start: attributes.startDate, end: attributes.endDate, now: now)
  }

  /// Whether the block is in its last minute.
  public var isEnding: Bool { secondsLeft <= Self.endingThreshold }

  /// `2/5`, or `nil` when the block has no tasks (a lone `0/0` says nothing).
  public var tally: String? { totalCount > 0 ? "\(completedCount)/\(totalCount)" : nil }

  /// `title` shortened to `limit` characters for display.
  public func title(toFit limit: Int) -> String { DisplayText.shortened(title, toFit: limit) }

  /// `currentTask` shortened to `limit` characters for display.
  public func currentTask(toFit limit: Int) -> String? {
    currentTask.map { DisplayText.shortened($0, toFit: limit) }
  }
}
