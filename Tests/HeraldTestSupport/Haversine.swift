import Foundation

/// Distances worked out in the tests themselves, as the contract defines them (haversine on the
/// mean Earth radius, 6 371 008.8 m): expected values never come from the code under test.
public enum Haversine {
  public static let earthRadius = 6_371_008.8

  /// Metres between two points given in degrees.
  public static func metres(
    _ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)
  )
    -> Double
  {
    let radians = Double.pi / 180
    let dLatitude = (b.latitude - a.latitude) * radians
    let dLongitude = (b.longitude - a.longitude) * radians
    let h =
      pow(sin(dLatitude / 2), 2) + cos(a.latitude * radians) * cos(b.latitude * radians)
      * pow(sin(dLongitude / 2), 2)
    return 2 * earthRadius * asin(min(1, sqrt(h)))
  }

  /// The point `metres` from `origin` on `bearing` (radians from north), on a sphere.
  public static func destination(
    _ origin: (latitude: Double, longitude: Double), metres: Double, bearing: Double
  ) -> (latitude: Double, longitude: Double) {
    let radians = Double.pi / 180
    let angle = metres / earthRadius
    let latitude = origin.latitude * radians
    let longitude = origin.longitude * radians
    let newLatitude = asin(sin(latitude) * cos(angle) + cos(latitude) * sin(angle) * cos(bearing))
    let newLongitude =
      longitude
      + atan2(sin(bearing) * sin(angle) * cos(latitude), cos(angle) - sin(latitude) * sin(newLatitude))
    return (newLatitude / radians, newLongitude / radians)
  }
}
