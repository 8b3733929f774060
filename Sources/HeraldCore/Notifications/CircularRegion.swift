import Foundation

/// A circle on the Earth's surface, for location triggers.
public struct CircularRegion: Sendable, Hashable, Codable {
  public var identifier: String
  public var center: Coordinate
  public var radius: Double

  public init(identifier: String, center: Coordinate, radius: Double) {
    self.identifier = identifier
    self.center = center
    self.radius = radius
  }
}
