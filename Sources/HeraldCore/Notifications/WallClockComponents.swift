import Foundation

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
