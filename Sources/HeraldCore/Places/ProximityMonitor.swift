import Foundation

/// Watches location fixes along a route and says when to notify (spec 004).
///
/// A value type fed one fix at a time: each point of interest within `radius` of a fix is visited
/// once; when the last one is visited, exactly one completion follows, even when several points
/// are reached on the same fix. The user's notification setting is read on every fix, so a change
/// takes effect on the next one; visits are tracked either way, so completion is still detected.
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
  public private(set) var isCompleted = false
  public private(set) var status = Status.monitoring
  private var grid: SpatialGrid

  public init(route: Route, radius: Double = defaultRadius, language: Language = .de) {
    self.route = route
    self.radius = radius
    self.language = language
    grid = SpatialGrid(route.waypoints.map(\.coordinate), cellSize: radius)
  }

  /// Processes one fix: visits what is in reach and returns the notifications to show, in route
  /// order, then the completion.
  public mutating func process(_ fix: LocationFix, notificationsEnabled: Bool) -> [ProximityEvent] {
    guard status == .monitoring, !isCompleted else { return [] }
    let texts = Texts(language)
    var events: [ProximityEvent] = []
    for index in grid.indices(within: radius, of: fix.coordinate) {
      let point = route.waypoints[index]
      guard visited.insert(point.id).inserted else { continue }
      if notificationsEnabled { events.append(.spot(point, route: route, at: fix.timestamp, texts: texts)) }
    }
    if visited.count == route.waypoints.count {
      isCompleted = true
      if notificationsEnabled { events.append(.routeCompleted(route, at: fix.timestamp, texts: texts)) }
    }
    return events
  }

  /// Starts over on another route: nothing visited, not completed.
  public mutating func changeRoute(to newRoute: Route) {
    self = ProximityMonitor(route: newRoute, radius: radius, language: language)
  }

  /// Reacts to the location permission: revoked pauses monitoring and says why; granted resumes.
  public mutating func locationAuthorizationChanged(granted: Bool) {
    status = granted ? .monitoring : .paused(reason: Texts(language).locationPermissionRevoked)
  }
}
