import Foundation

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
