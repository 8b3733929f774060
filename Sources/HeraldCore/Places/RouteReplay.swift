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
    self.init(
      route: route, radius: radius, language: language, notificationsEnabled: notificationsEnabled,
      reading: { each in fixes.forEach(each) })
  }

  /// Replays the fixes `reading` hands over one at a time, as a streaming reader produces them:
  /// a long track is never held in memory whole. An error of `reading` ends the replay.
  public init<Failure: Error>(
    route: Route, radius: Double = ProximityMonitor.defaultRadius, language: Language = .de,
    notificationsEnabled: Bool = true,
    reading: ((LocationFix) -> Void) throws(Failure) -> Void
  ) throws(Failure) {
    var monitor = ProximityMonitor(route: route, radius: radius, language: language)
    var events: [ProximityEvent] = []
    try reading { fix in events += monitor.process(fix, notificationsEnabled: notificationsEnabled) }
    self.events = events
    routeID = route.id
    visited = monitor.visited.count
  }
}
