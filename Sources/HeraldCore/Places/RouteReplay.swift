import Foundation

/// A recorded track fed through the proximity monitor: what `herald route replay` prints.
public struct RouteReplay: Sendable {
  public var routeID: String
  /// How many points of interest were visited.
  public var visited: Int
  public var events: [ProximityEvent]

  /// Replays `fixes` in order against a fresh monitor for `route`.
  public init(
    route: Route, fixes: [LocationFix], radius: Double = ProximityMonitor.defaultRadius,
    language: Language = .de, notificationsEnabled: Bool = true
  ) {
    var monitor = ProximityMonitor(route: route, radius: radius, language: language)
    events = fixes.flatMap { monitor.process($0, notificationsEnabled: notificationsEnabled) }
    routeID = route.id
    visited = monitor.visited.count
  }
}
