import Foundation

/// Watches location fixes along a route and says when to notify (spec 004).
///
/// A value type fed one fix at a time: each point of interest within `radius` of a fix is visited
/// once; when the last one is visited, exactly one completion follows, even when several points
/// are reached on the same fix. The user's notification setting is read on every fix, so a change
/// takes effect on the next one; visits are tracked either way, so completion is still detected.
///
/// A monitor can start from a walk's recorded progress (`init(route:radius:language:visited:
/// isCompleted:)`): a process killed mid-walk resumes where it was, and a point visited before is
/// never notified again.
public struct ProximityMonitor: Sendable {
  /// The spec's default radius, in metres.
  public static let defaultRadius = 25.0

  /// Whether fixes are being processed.
  public enum Status: Sendable, Hashable {
    case monitoring
    /// Location permission was revoked: fixes are ignored until it is granted again.
    case paused(reason: String)
  }

  public private(set) var route: Route
  public let radius: Double
  public let language: Language
  public private(set) var visited: Set<String> = []
  /// Whether the completion has been raised (announced, or silenced by the setting).
  public private(set) var isCompleted = false
  public private(set) var status = Status.monitoring
  private var grid: SpatialGrid
  private var indexByID: [String: Int]

  public init(route: Route, radius: Double = defaultRadius, language: Language = .de) {
    self.route = route
    self.radius = radius
    self.language = language
    grid = SpatialGrid(route.waypoints.map(\.coordinate), cellSize: radius)
    indexByID = Dictionary(
      route.waypoints.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// A monitor resuming a walk: `visited` (ids the route no longer has are dropped) and whether
  /// the completion was raised already. A walk whose every point is visited but whose completion
  /// was not raised (a process killed in between) completes on the next fix.
  public init(
    route: Route, radius: Double = defaultRadius, language: Language = .de, visited: Set<String>,
    isCompleted: Bool
  ) {
    self.init(route: route, radius: radius, language: language)
    self.visited = visited.filter { indexByID[$0] != nil }
    self.isCompleted = isCompleted
  }

  /// Processes one fix: visits what is in reach and returns the notifications to show, in route
  /// order, then the completion. With notifications off, visits still count but nothing is returned.
  public mutating func process(_ fix: LocationFix, notificationsEnabled: Bool) -> [ProximityEvent] {
    let events = advance(fix)
    return notificationsEnabled ? events : []
  }

  /// Processes one fix and returns every event it raises, whatever the user's setting: each visit
  /// in route order, then the completion. The caller decides what is shown.
  public mutating func advance(_ fix: LocationFix) -> [ProximityEvent] {
    guard status == .monitoring, !isCompleted else { return [] }
    let reached = grid.indices(within: radius, of: fix.coordinate)
    // Most fixes reach nothing: done, unless a resumed walk still owes its completion.
    if reached.isEmpty, visited.count < route.waypoints.count { return [] }
    return visit(reached, at: fix.timestamp)
  }

  /// The platform reports that the region of point `spotID` was entered at `date` (iOS region
  /// monitoring): the point is visited as if a fix had reached it. Unknown ids raise nothing.
  public mutating func regionEntered(_ spotID: String, at date: Date) -> [ProximityEvent] {
    guard status == .monitoring, !isCompleted, let index = indexByID[spotID] else { return [] }
    return visit([index], at: date)
  }

  /// Visits the points at `indices` (ascending) and raises the completion once all are visited.
  private mutating func visit(_ indices: [Int], at date: Date) -> [ProximityEvent] {
    let texts = Texts(language)
    var events: [ProximityEvent] = []
    for index in indices {
      let point = route.waypoints[index]
      guard visited.insert(point.id).inserted else { continue }
      events.append(.spot(point, route: route, at: date, texts: texts))
    }
    if visited.count == route.waypoints.count {
      isCompleted = true
      events.append(.routeCompleted(route, at: date, texts: texts))
    }
    return events
  }

  /// Whether the point at `index` of the route has been visited.
  public func isVisited(index: Int) -> Bool { visited.contains(route.waypoints[index].id) }

  /// Starts over on another route: nothing visited, not completed.
  public mutating func changeRoute(to newRoute: Route) {
    self = ProximityMonitor(route: newRoute, radius: radius, language: language)
  }

  /// Reacts to the location permission: revoked pauses monitoring and says why; granted resumes.
  public mutating func locationAuthorizationChanged(granted: Bool) {
    status = granted ? .monitoring : .paused(reason: Texts(language).locationPermissionRevoked)
  }
}
