import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange

/// The system's zone, read afresh each time as the C library reads it: `$TZ` (a name in the tz
/// database, `:name`, `:/path/to/tzif`, or a POSIX TZ string; empty means UTC), else the
/// `/etc/localtime` file (its link names the zone), else `/etc/timezone`, else UTC. Foundation's
/// `TimeZone.current` is read once per process and would miss a change; and it is Foundation's
/// own copy of the data, not the system's.
public struct SystemTimeZoneSource: TimeZoneSource {
  /// The value of an environment variable, if set.
  private let environment: @Sendable (String) -> String?
  private let localtimePath: String
  private let timezonePath: String
  private let zones: SystemZones

  /// The real system's: this process's environment and the files in `/etc`.
  public init(zones: SystemZones = .shared) {
    self.init(
      // One variable, not `ProcessInfo.environment`, which copies the whole environment into a
      // dictionary on every read: the server asks for the zone on every request.
      environment: { getenv($0).map { String(cString: $0) } }, localtimePath: "/etc/localtime",
      timezonePath: "/etc/timezone", zones: zones)
  }

  /// One whose environment and files are given (tests point them at files of their own).
  public init(
    environment: @escaping @Sendable (String) -> String?, localtimePath: String, timezonePath: String,
    zones: SystemZones = .shared
  ) {
    self.environment = environment
    self.localtimePath = localtimePath
    self.timezonePath = timezonePath
    self.zones = zones
  }

  /// The zone; a `TZ` that names no zone, or a zone file that is damaged, is an error naming it
  /// (the C library would quietly use UTC, and every reminder would be hours off).
  public func current() throws(FieldError) -> Zone {
    if let tz = environment("TZ") { return try zone(tz: tz) }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath) {
      let path =
        target.hasPrefix("/")
        ? target
        : URL(fileURLWithPath: localtimePath).deletingLastPathComponent().appendingPathComponent(target).path
      if FileManager.default.fileExists(atPath: path) { return try file(path, field: localtimePath) }
    } else if FileManager.default.fileExists(atPath: localtimePath) {
      return try file(localtimePath, field: localtimePath)
    }
    if let name = try? String(contentsOfFile: timezonePath, encoding: .utf8),
      let zone = try? zones.zone(identifier: name.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      return zone
    }
    return .utc
  }

  private func zone(tz: String) throws(FieldError) -> Zone {
    // POSIX: an empty TZ is UTC; a leading ":" means "a name the implementation defines".
    guard !tz.isEmpty else { return .utc }
    let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    if name.hasPrefix("/") { return try file(name, field: "TZ") }
    return try zones.zone(identifier: name, field: "TZ")
  }

  /// The zone in a TZif file, named as the database names it when the file is one of its own.
  private func file(_ path: String, field: String) throws(FieldError) -> Zone {
    let name = path.range(of: "zoneinfo/").map { String(path[$0.upperBound...]) }
    do {
      return try zones.zone(file: path, identifier: name)
    } catch {
      throw FieldError(field, error.description)
    }
  }
}
