import Foundation

/// Where the daemon learns the user's time zone; read on every tick so a change is noticed.
public protocol TimeZoneSource: Sendable {
  func current() -> TimeZone
}

/// The system's zone, read afresh each time: `$TZ`, else the `/etc/localtime` link, else UTC.
/// (Foundation's `TimeZone.current` is read once per process and would miss a change.)
public struct SystemTimeZoneSource: TimeZoneSource {
  public init() {}

  public func current() -> TimeZone {
    if let name = ProcessInfo.processInfo.environment["TZ"],
      let zone = TimeZone(identifier: name.trimmingPrefix(":").description)
    {
      return zone
    }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
      let range = target.range(of: "zoneinfo/"),
      let zone = TimeZone(identifier: String(target[range.upperBound...]))
    {
      return zone
    }
    if let name = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8),
      let zone = TimeZone(identifier: name.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      return zone
    }
    return TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
  }
}

/// A zone set by hand, for tests and the demo.
public final class FixedTimeZoneSource: TimeZoneSource, @unchecked Sendable {
  private let lock = NSLock()
  private var zone: TimeZone

  public init(_ zone: TimeZone) { self.zone = zone }

  public func current() -> TimeZone { lock.withLock { zone } }

  /// Moves the user to another zone, as a system setting change would.
  public func set(_ zone: TimeZone) { lock.withLock { self.zone = zone } }
}
