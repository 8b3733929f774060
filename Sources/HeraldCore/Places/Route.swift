/// A walking route: its points of interest, in the order they are meant to be visited.
public struct Route: Sendable, Hashable, Codable, Identifiable {
  public var id: String
  public var name: String
  public var waypoints: [PointOfInterest]

  /// Creates a route; throws when it has no points of interest, or ids are empty or repeated.
  public init(id: String, name: String, waypoints: [PointOfInterest]) throws(FieldError) {
    guard !id.isEmpty else { throw FieldError("id", "must not be empty") }
    guard !waypoints.isEmpty else {
      throw FieldError("waypoints", "a route needs at least one point of interest")
    }
    var seen = Set<String>()
    for (index, point) in waypoints.enumerated() {
      guard !point.id.isEmpty else { throw FieldError("waypoints[\(index)].id", "must not be empty") }
      guard seen.insert(point.id).inserted else {
        throw FieldError("waypoints[\(index)].id", "\"\(point.id)\" appears twice")
      }
    }
    self.id = id
    self.name = name
    self.waypoints = waypoints
  }
}
