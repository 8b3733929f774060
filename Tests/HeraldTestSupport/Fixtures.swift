import Foundation
import HeraldCore
import HeraldInterchange

/// Shared test fixtures: zones, calendars and instants written the way the specs write them.
public enum Fixtures {
  /// A Gregorian calendar in the named zone, Foundation's, to write instants the way the specs'
  /// sample code does (the core never reads the process's zone).
  public static func calendar(_ identifier: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    guard let timeZone = TimeZone(identifier: identifier) else {
      preconditionFailure("unknown zone \(identifier)")
    }
    calendar.timeZone = timeZone
    return calendar
  }

  /// A zone of the system's tz database that must exist; traps otherwise (a typo in a test is a
  /// bug in the test).
  public static func zone(_ identifier: String) -> Zone {
    do {
      return try SystemZones.shared.zone(named: identifier)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// An RFC 3339 instant; traps on a malformed literal.
  public static func instant(_ text: String) -> Date {
    guard let date = RFC3339.parse(text) else { preconditionFailure("bad RFC 3339 literal \(text)") }
    return date
  }

  public static let berlin = calendar("Europe/Berlin")
  public static let newYork = calendar("America/New_York")
  /// A half-hour zone (UTC+05:30, no DST).
  public static let kolkata = calendar("Asia/Kolkata")
  /// A zone with a 30-minute DST shift (UTC+10:30 / +11:00).
  public static let lordHowe = calendar("Australia/Lord_Howe")
}

// MARK: - Core test helpers (blocks, schedulers)

extension Fixtures {
  /// A focus block starting at `start` and lasting `minutes` (90 unless told).
  public static func block(
    _ id: String, title: String = "Deep Work", start: Date, minutes: Int = 90, taskIDs: [String] = []
  ) -> FocusBlock {
    let end = start.addingTimeInterval(Double(minutes * 60))
    return FocusBlock(id: id, title: title, start: start, end: end, taskIDs: taskIDs)
  }

  /// The ids of a scheduler's pending requests, soonest first (ties by id).
  public static func pendingIdentifiers(_ scheduler: some NotificationScheduling) async -> [String] {
    await scheduler.pendingNotifications().sorted(by: PlannedNotification.soonestFirst).map(\.identifier)
  }
}

// MARK: - Places helpers (coordinates, routes)

extension Fixtures {
  /// A coordinate written as a literal; traps on an invalid one.
  public static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
      preconditionFailure("invalid coordinate literal \(latitude), \(longitude)")
    }
    return coordinate
  }

  /// The point `metres` due north of `origin` along its meridian: that far by haversine, to rounding.
  public static func coordinate(_ origin: Coordinate, metresNorth metres: Double) -> Coordinate {
    coordinate(origin.latitude + metres / Coordinate.earthRadius * 180 / .pi, origin.longitude)
  }

  /// A route through `points` (id, name, coordinate), in the order given.
  public static func route(
    _ id: String, name: String = "Tiergarten-Runde", _ points: [(id: String, name: String, at: Coordinate)]
  ) -> Route {
    let waypoints = points.map { PointOfInterest(id: $0.id, name: $0.name, coordinate: $0.at) }
    guard let route = try? Route(id: id, name: name, waypoints: waypoints) else {
      preconditionFailure("invalid route literal \(id)")
    }
    return route
  }
}

// MARK: - Deterministic reordering

extension Fixtures {
  /// The items in a fixed, scrambled order (a stride through them that visits each once), so that
  /// tests show a rule does not depend on input order without using randomness.
  public static func scrambled<T>(_ items: [T]) -> [T] {
    func coprime(_ a: Int, _ b: Int) -> Bool { b == 0 ? a == 1 : coprime(b, a % b) }
    let step = [7, 11, 13, 17, 19, 23].first { coprime($0, items.count) } ?? 1
    return items.indices.map { items[($0 * step + 3) % items.count] }
  }
}

// MARK: - Plans

extension Fixtures {
  /// The request with `id` in the unlimited plan of `state` at `now`; `nil` when it has none.
  public static func planned(_ id: String, _ state: PlanningState, at now: Date) -> PlannedNotification? {
    Planner.plan(state, now: now, limits: .unlimited).pending.first { $0.identifier == id }
  }
}

// MARK: - Literals a test writes

extension Fixtures {
  /// A time of day written as a literal; traps on an invalid one (a typo in a test is a bug in it).
  public static func time(_ hour: Int, _ minute: Int) -> WallClockTime {
    guard let time = WallClockTime(hour: hour, minute: minute) else {
      preconditionFailure("invalid time literal \(hour):\(minute)")
    }
    return time
  }

  /// Default settings with `changes` applied through their validation; traps on an invalid value.
  public static func settings(_ changes: KeyValuePairs<SettingKey, SettingKey.Value>) -> Settings {
    var settings = Settings()
    for (key, value) in changes {
      do { try settings.set(key, to: value) } catch {
        preconditionFailure("invalid setting literal: \(error)")
      }
    }
    return settings
  }
}

extension Calendar {
  /// The system database's zone of this calendar's zone: what the core plans in.
  public var zone: Zone { Fixtures.zone(timeZone.identifier) }
}
