import Foundation
import HeraldCore

/// Zones from Foundation's `TimeZone`. On Apple platforms that is the OS's own data, which the OS
/// keeps current; on Linux it is the copy inside the Swift toolchain, which no system update
/// reaches, so `SystemZones` falls back to it only when the system has no tz database.
public struct FoundationZones: ZoneDatabase {
  public init() {}

  private static let cache = ZoneCache()

  public func zone(named name: String) throws(ZoneLookupError) -> Zone {
    if let zone = Self.cache.zone(name) { return zone }
    guard let timeZone = TimeZone(identifier: name) else { throw .unknown(name) }
    let zone = Zone(identifier: name, foundation: timeZone)
    Self.cache.keep(zone)
    return zone
  }

  public var release: ZoneDatabaseRelease {
    ZoneDatabaseRelease(version: TimeZone.timeZoneDataVersion, origin: "Foundation's built-in copy")
  }

  private final class ZoneCache: @unchecked Sendable {
    private let lock = NSLock()
    private var zones: [String: Zone] = [:]

    func zone(_ name: String) -> Zone? { lock.withLock { zones[name] } }
    func keep(_ zone: Zone) { lock.withLock { zones[zone.identifier] = zone } }
  }
}

extension Zone {
  /// The zone a Foundation `TimeZone` describes, its changes read from 1800 to the end of the
  /// table (Foundation has no rule to hand over after that; the last offset goes on).
  public init(identifier: String, foundation timeZone: TimeZone) {
    let first = Date(timeIntervalSince1970: -5_364_662_400)  // 1800-01-01T00:00:00Z
    let end = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01T00:00:00Z
    var changes: [(instant: Int64, offset: Int)] = []
    var cursor = first
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < end {
      changes.append((Int64(next.timeIntervalSince1970.rounded(.down)), timeZone.secondsFromGMT(for: next)))
      cursor = next
    }
    self.init(identifier: identifier, initialOffset: timeZone.secondsFromGMT(for: first), changes: changes)
  }
}
