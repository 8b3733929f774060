import Foundation

/// A walk along a route: the user started it, and it records which points of interest were
/// reached and whether the completion was handled. Only one walk is under way at a time.
public struct Walk: Sendable, Hashable {
  /// The route walked.
  public var routeID: String
  /// When the user started it.
  public var startedAt: Date
  /// The points of interest reached, by id, with the time of the fix that reached each.
  public var visited: [String: Date]
  /// When the completion was raised (announced, or silenced by the setting); `nil` before.
  public var completedAt: Date?

  /// A walk as stored.
  public init(routeID: String, startedAt: Date, visited: [String: Date] = [:], completedAt: Date? = nil) {
    self.routeID = routeID
    self.startedAt = startedAt
    self.visited = visited
    self.completedAt = completedAt
  }

  /// Whether its completion was raised.
  public var isCompleted: Bool { completedAt != nil }

  /// The proximity monitor for this walk on `route` (the walk's route), resuming where it was.
  public func monitor(on route: Route, radius: Double = ProximityMonitor.defaultRadius, language: Language)
    -> ProximityMonitor
  {
    ProximityMonitor(
      route: route, radius: radius, language: language, visited: Set(visited.keys), isCompleted: isCompleted)
  }

  /// The walk after `effect`: a visit or the completion on this walk's route; others change nothing.
  public mutating func apply(_ effect: DeliveryEffect) {
    switch effect {
    case .placeVisited(let routeID, let spotID, let date) where routeID == self.routeID:
      if visited[spotID] == nil { visited[spotID] = date }
    case .routeCompleted(let routeID, let date) where routeID == self.routeID:
      if completedAt == nil { completedAt = date }
    default:
      break
    }
  }
}
