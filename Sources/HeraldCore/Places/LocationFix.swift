import Foundation

/// One position report from a location source (CoreLocation, gpsd, a GPX track).
public struct LocationFix: Sendable, Hashable, Codable {
  public var coordinate: Coordinate
  public var timestamp: Date
  /// Estimated horizontal error in metres, when the source says.
  public var horizontalAccuracy: Double?

  public init(coordinate: Coordinate, timestamp: Date, horizontalAccuracy: Double? = nil) {
    self.coordinate = coordinate
    self.timestamp = timestamp
    self.horizontalAccuracy = horizontalAccuracy
  }
}
