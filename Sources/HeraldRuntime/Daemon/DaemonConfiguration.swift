import Foundation

/// How the daemon treats time: what counts as late, missed, or a clock jump.
public struct DaemonConfiguration: Sendable {
  /// A reminder whose time passed while the daemon was not running is still shown, marked late,
  /// within this window; older ones are recorded as missed and not shown.
  public var graceWindow: TimeInterval = 12 * 3600
  /// Shown more than this after its time counts as late.
  public var lateAfter: TimeInterval = 5
  /// Seconds (of the daemon's clock) between checks for changes, zone changes and clock jumps.
  public var pollInterval: Double = 1
  /// Seconds between writes of how far deliveries have been handled.
  public var checkpointInterval: Double = 30
  /// A disagreement between the wall and the monotonic clock beyond this is a clock jump.
  public var jumpTolerance: Double = 2

  public init() {}
}
