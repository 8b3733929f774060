import Foundation
import HeraldCore

/// The platform's side of iOS region monitoring, modelled for tests: the regions registered, each
/// known to be inside or outside, and on every location update the crossings it reports. An
/// enter counts only once a position is inside the region (the same haversine test as every fix);
/// a region started while the position is inside reports nothing (the session asks for its
/// state itself).
struct RegionMonitoringSimulation {
  /// One notification raised, and at which fix of the track.
  struct Raised: Hashable, Comparable {
    var fix: Int
    var identifier: String

    static func < (a: Raised, b: Raised) -> Bool { (a.fix, a.identifier) < (b.fix, b.identifier) }
  }

  private var registered: [String: (region: CircularRegion, inside: Bool)] = [:]
  /// The most regions held at once.
  private(set) var mostHeld = 0
  private(set) var raised: [Raised] = []
  private(set) var session: GeofenceSession

  init(route: Route, radius: Double, maximumRegions: Int) {
    session = GeofenceSession(
      monitor: ProximityMonitor(route: route, radius: radius), maximumRegions: maximumRegions)
  }

  /// Runs the whole track: the first fix locates the walker, each later one may cross regions.
  mutating func run(_ fixes: [LocationFix]) {
    for (number, fix) in fixes.enumerated() {
      if number == 0 {
        apply(session.locate(fix), at: number, fix)
        continue
      }
      // Enters in route order, then exits; a region stopped by an earlier event reports nothing.
      let crossings = registered.map { id, entry in
        (id, entry.inside, entry.region.center.distance(to: fix.coordinate) <= entry.region.radius)
      }.filter { $0.1 != $0.2 }.sorted { ($0.2 ? 0 : 1, $0.0) < ($1.2 ? 0 : 1, $1.0) }
      for (identifier, _, inside) in crossings {
        guard registered[identifier] != nil else { continue }
        registered[identifier]?.inside = inside
        let event: GeofenceSession.RegionEvent = inside ? .entered(identifier) : .exited(identifier)
        apply(session.handle(event, fix: fix), at: number, fix)
      }
    }
  }

  private mutating func apply(_ update: GeofenceSession.Update, at number: Int, _ fix: LocationFix) {
    raised += update.events.map { Raised(fix: number, identifier: $0.notification.identifier) }
    for identifier in update.stop { registered[identifier] = nil }
    for region in update.start {
      registered[region.identifier] = (region, region.center.distance(to: fix.coordinate) <= region.radius)
    }
    mostHeld = max(mostHeld, registered.count)
  }

  /// What the fix-based monitor raises on the same track.
  static func fixBased(_ route: Route, radius: Double, _ fixes: [LocationFix]) -> [Raised] {
    var monitor = ProximityMonitor(route: route, radius: radius)
    return fixes.enumerated().flatMap { number, fix in
      monitor.advance(fix).map { Raised(fix: number, identifier: $0.notification.identifier) }
    }
  }

  /// The track's length in kilometres, by haversine between consecutive fixes.
  static func kilometres(_ fixes: [LocationFix]) -> Double {
    zip(fixes, fixes.dropFirst()).reduce(0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) } / 1000
  }
}
