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

/// Year, month, day, hour and minute of a wall-clock reading, with no time zone.
public struct WallClockComponents: Sendable, Hashable, Codable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int

  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
  }

  public init(day: CivilDate, time: WallClockTime) {
    self.init(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
  }

  /// The day, when the components name a valid one.
  public var civilDate: CivilDate? { CivilDate(year: year, month: month, day: day) }
  /// The time of day, when the components name a valid one.
  public var wallClockTime: WallClockTime? { WallClockTime(hour: hour, minute: minute) }
}

/// A circle on the Earth's surface, for location triggers.
public struct CircularRegion: Sendable, Hashable, Codable {
  public var identifier: String
  public var center: Coordinate
  public var radius: Double

  public init(identifier: String, center: Coordinate, radius: Double) {
    self.identifier = identifier
    self.center = center
    self.radius = radius
  }
}
