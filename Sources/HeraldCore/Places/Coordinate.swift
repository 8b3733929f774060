import Foundation

/// A point on the Earth in WGS 84 degrees, validated on creation.
public struct Coordinate: Sendable, Hashable, Codable {
  public let latitude: Double
  public let longitude: Double

  /// Mean Earth radius used for great-circle distances (IUGG), in metres.
  public static let earthRadius = 6_371_008.8

  /// Creates a coordinate; throws unless latitude is in −90…90 and longitude in −180…180.
  public init(latitude: Double, longitude: Double) throws(FieldError) {
    guard latitude.isFinite, (-90...90).contains(latitude) else {
      throw FieldError("latitude", "\(latitude) is outside −90…90")
    }
    guard longitude.isFinite, (-180...180).contains(longitude) else {
      throw FieldError("longitude", "\(longitude) is outside −180…180")
    }
    self.latitude = latitude
    self.longitude = longitude
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      latitude: container.decode(Double.self, forKey: .latitude),
      longitude: container.decode(Double.self, forKey: .longitude))
  }

  /// The great-circle distance in metres (haversine formula on the mean Earth radius).
  public func distance(to other: Coordinate) -> Double {
    let φ1 = latitude * .pi / 180
    let φ2 = other.latitude * .pi / 180
    let Δφ = φ2 - φ1
    let Δλ = (other.longitude - longitude) * .pi / 180
    let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
    return 2 * Coordinate.earthRadius * asin(min(1, a.squareRoot()))
  }
}
