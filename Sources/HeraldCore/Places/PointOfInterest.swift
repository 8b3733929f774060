/// A point of interest along a walking route.
public struct PointOfInterest: Sendable, Hashable, Codable, Identifiable {
  public var id: String
  public var name: String
  public var coordinate: Coordinate

  public init(id: String, name: String, coordinate: Coordinate) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
  }
}
