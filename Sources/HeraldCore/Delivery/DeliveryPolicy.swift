import Foundation

/// When a reminder shown after its time counts as late, and when it is too late to show at all.
public struct DeliveryPolicy: Sendable, Hashable {
  /// A reminder whose time passed while nothing could show it (the daemon down, the machine
  /// asleep, the clock set forward) is still shown, marked late, within this window; an older
  /// one is recorded as missed.
  public var graceWindow: TimeInterval
  /// Shown more than this after its time counts as late.
  public var lateAfter: TimeInterval

  /// 12 hours of grace; late after 5 seconds.
  public init(graceWindow: TimeInterval = 12 * 3600, lateAfter: TimeInterval = 5) {
    self.graceWindow = graceWindow
    self.lateAfter = lateAfter
  }
}
