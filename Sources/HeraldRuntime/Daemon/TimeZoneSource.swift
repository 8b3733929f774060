import Foundation

/// Where the daemon learns the user's time zone; read on every tick so a change is noticed.
public protocol TimeZoneSource: Sendable {
  func current() -> TimeZone
}
