import Foundation

/// The system's zone, read afresh each time: `$TZ`, else the `/etc/localtime` link, else
/// `/etc/timezone`, else UTC. (Foundation's `TimeZone.current` is read once per process and would
/// miss a change.)
public struct SystemTimeZoneSource: TimeZoneSource {
  /// The value of an environment variable, if set.
  private let environment: @Sendable (String) -> String?
  private let localtimePath: String
  private let timezonePath: String

  /// The real system's: this process's environment and the files in `/etc`.
  public init() {
    self.init(
      // One variable, not `ProcessInfo.environment`, which copies the whole environment into a
      // dictionary on every read: the server asks for the zone on every request.
      environment: { getenv($0).map { String(cString: $0) } }, localtimePath: "/etc/localtime",
      timezonePath: "/etc/timezone")
  }

  /// One whose environment and files are given (tests point them at files of their own).
  public init(
    environment: @escaping @Sendable (String) -> String?, localtimePath: String, timezonePath: String
  ) {
    self.environment = environment
    self.localtimePath = localtimePath
    self.timezonePath = timezonePath
  }

  public func current() -> TimeZone {
    // POSIX lets TZ start with ":" to mean "an implementation-defined zone name".
    if let name = environment("TZ"), let zone = TimeZone(identifier: name.trimmingPrefix(":").description) {
      return zone
    }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath),
      let range = target.range(of: "zoneinfo/"),
      let zone = TimeZone(identifier: String(target[range.upperBound...]))
    {
      return zone
    }
    if let name = try? String(contentsOfFile: timezonePath, encoding: .utf8),
      let zone = TimeZone(identifier: name.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      return zone
    }
    return TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
  }
}
