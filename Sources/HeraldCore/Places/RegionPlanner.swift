import Foundation

/// Plans which regions to monitor when the platform watches only a few (iOS: 20).
///
/// For a position, it picks the nearest unvisited points of interest — one fewer than the limit —
/// and one refresh region around the position. The refresh region's radius reaches just short of
/// the region of the nearest point left out, so no point outside the plan can be reached without
/// leaving the refresh region first; leaving it calls for a new plan from there. A route of any
/// length is thus watched within the limit, re-planning as the walker moves, never on a timer.
/// When every unvisited point fits the limit, they are all monitored and no refresh region is needed.
public struct RegionPlanner: Sendable {
  /// The identifier of the refresh region (no point of interest may have it as its id).
  public static let refreshIdentifier = "herald.refresh"
  /// How far, in metres, the refresh region stops short of the nearest left-out point's region:
  /// its boundary is then strictly outside that region, whatever the rounding.
  public static let refreshMargin = 0.01

  /// The route whose points are planned for.
  public let route: Route
  /// Metres of each point's region.
  public let radius: Double
  /// At most this many regions at once, the refresh region included.
  public let maximumRegions: Int
  private let index: NearestPoints

  /// A planner for `route` with regions of `radius` metres, at most `maximumRegions` (at least 2)
  /// monitored at once.
  public init(route: Route, radius: Double = ProximityMonitor.defaultRadius, maximumRegions: Int) {
    self.route = route
    self.radius = radius
    self.maximumRegions = max(2, maximumRegions)
    index = NearestPoints(route.waypoints.map(\.coordinate))
  }

  /// The plan at `position`, leaving out the points `isVisited` says were reached (by index into
  /// the route's points).
  public func plan(at position: Coordinate, isVisited: (Int) -> Bool) -> RegionPlan {
    // One more than fits: when it exists, not every unvisited point can have a region.
    let nearest = index.nearest(maximumRegions + 1, to: position) { !isVisited($0) }
    let points = route.waypoints
    func region(_ index: Int) -> CircularRegion {
      CircularRegion(identifier: points[index].id, center: points[index].coordinate, radius: radius)
    }
    guard nearest.count > maximumRegions else {
      return RegionPlan(center: position, points: nearest.map(region), refresh: nil)
    }
    // The refresh region takes one slot. Every point left out is at least as far as the first of
    // them (the tree orders by chord, which the haversine distance follows up to rounding far
    // below the margin).
    let monitored = nearest.prefix(maximumRegions - 1)
    let leftOut = points[nearest[maximumRegions - 1]].coordinate.distance(to: position)
    let refresh = CircularRegion(
      identifier: Self.refreshIdentifier, center: position,
      radius: max(0, leftOut - radius - Self.refreshMargin))
    return RegionPlan(center: position, points: monitored.map(region), refresh: refresh)
  }

  /// The plan at `position` with the points whose ids are in `visited` left out.
  public func plan(at position: Coordinate, visited: Set<String>) -> RegionPlan {
    plan(at: position) { visited.contains(route.waypoints[$0].id) }
  }
}
