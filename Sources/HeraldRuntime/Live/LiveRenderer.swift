import Foundation
import HeraldCore

/// Turns the activity shown at an instant into one line of a live stream: a pure function, so
/// every format's exact output is a unit test.
public protocol LiveRenderer: Sendable {
  /// Lines written once, before the first frame (the i3bar protocol's header).
  var preamble: [String] { get }

  /// The line for `activity` at `now`; `nil` activity means no block runs (the bar shows nothing,
  /// but still gets a valid line), and `next` is the block that starts next, if any. `isFirst` is
  /// true for the first frame after the preamble.
  func frame(_ activity: FocusActivity?, next: FocusBlock?, now: Date, isFirst: Bool) -> String
}

extension LiveRenderer {
  public var preamble: [String] { [] }

  /// The line for `activity` at `now`, naming no next block.
  public func frame(_ activity: FocusActivity?, now: Date, isFirst: Bool) -> String {
    frame(activity, next: nil, now: now, isFirst: isFirst)
  }
}
