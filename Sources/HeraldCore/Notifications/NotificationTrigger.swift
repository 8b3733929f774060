import Foundation

/// When a notification fires; the meaning of the `UNNotificationTrigger` subclasses.
public enum NotificationTrigger: Sendable, Hashable, Codable {
  /// Fires `seconds` after the request was added.
  case timeInterval(seconds: Int)
  /// Fires when the wall clock of whatever time zone the device is in reads these components:
  /// a floating time, which follows the user when they travel.
  case calendar(WallClockComponents, repeats: Bool)
  /// Fires on entering a circular region.
  case location(CircularRegion)

  /// The interval trigger that fires at `date` when added at `now`.
  public static func interval(from now: Date, to date: Date) -> NotificationTrigger {
    .timeInterval(seconds: intervalSeconds(from: now, to: date))
  }

  /// Seconds from `now` to `date`, rounded up so that an interval trigger never fires early.
  public static func intervalSeconds(from now: Date, to date: Date) -> Int {
    Int(date.timeIntervalSince(now).rounded(.up))
  }
}
