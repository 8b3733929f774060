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

  /// A delivery made elsewhere (a server's worker) passed on to be shown here at `now` — a desktop
  /// following the server, perhaps after it was down: shown now, marked late when it is late by
  /// now, while within the grace window; `nil` past it, as the daemon records such a reminder missed.
  public func relay(_ delivery: Delivery, at now: Date) -> Delivery? {
    let overdue = now.timeIntervalSince(delivery.notification.fireDate)
    guard overdue <= graceWindow else { return nil }
    var relayed = delivery
    relayed.deliveredAt = now
    relayed.late = delivery.late || overdue > lateAfter
    return relayed
  }
}
