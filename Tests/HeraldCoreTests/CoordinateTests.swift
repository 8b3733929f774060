import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// Spec 004 and contracts/plan.md: validated WGS 84 coordinates and haversine distances on the
/// mean Earth radius (6 371 008.8 m).
@Suite struct CoordinateTests {
  // MARK: Validation

  @Test(arguments: [(90.0, 180.0), (-90, -180), (0, 0), (52.516275, 13.377704), (-33.8568, 151.2153)])
  func acceptsTheWholeRange(latitude: Double, longitude: Double) throws {
    let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    #expect(coordinate.latitude == latitude && coordinate.longitude == longitude)
  }

  @Test(arguments: [
    (90.000_001, 0.0, "latitude"), (-90.5, 0, "latitude"), (.nan, 0, "latitude"), (.infinity, 0, "latitude"),
    (-.infinity, 0, "latitude"), (0, 180.000_001, "longitude"), (0, -181, "longitude"),
    (0, .nan, "longitude"),
    (0, .infinity, "longitude"), (91, 200, "latitude"),
  ])
  func rejectsOutOfRangeNamingTheField(latitude: Double, longitude: Double, field: String) {
    #expect {
      try Coordinate(latitude: latitude, longitude: longitude)
    } throws: { error in
      guard let error = error as? FieldError else { return false }
      return error.field == field && error.description.hasPrefix("\(field): ")
    }
  }

  @Test func errorSaysTheValueAndTheRange() throws {
    let error = try #require(throws: FieldError.self) { try Coordinate(latitude: 123.5, longitude: 0) }
    #expect(error.problem.contains("123.5"))
    #expect(error.problem.contains("90"))
  }

  @Test func decodingValidates() throws {
    let good = try JSONDecoder().decode(
      Coordinate.self, from: Data(#"{"latitude":52.5,"longitude":13.4}"#.utf8))
    #expect(good == Fixtures.coordinate(52.5, 13.4))
    #expect(throws: FieldError.self) {
      try JSONDecoder().decode(Coordinate.self, from: Data(#"{"latitude":95,"longitude":13.4}"#.utf8))
    }
  }

  @Test func encodesAndDecodesLosslessly() throws {
    let coordinate = Fixtures.coordinate(52.516_275, 13.377_704)
    let data = try JSONEncoder().encode(coordinate)
    #expect(try JSONDecoder().decode(Coordinate.self, from: data) == coordinate)
  }

  // MARK: Distance

  @Test func earthRadiusIsTheContracts() {
    #expect(Coordinate.earthRadius == 6_371_008.8)
  }

  @Test func oneDegreeOfLatitude() {
    // R × π / 180 = 111 195.080 m, anywhere along a meridian.
    let expected = 6_371_008.8 * Double.pi / 180
    #expect(abs(Fixtures.coordinate(0, 0).distance(to: Fixtures.coordinate(1, 0)) - expected) < 0.001)
    #expect(abs(Fixtures.coordinate(52, 13).distance(to: Fixtures.coordinate(53, 13)) - expected) < 0.001)
    #expect(abs(Fixtures.coordinate(-90, 0).distance(to: Fixtures.coordinate(-89, 77)) - expected) < 0.001)
    // And one degree of longitude on the equator.
    #expect(abs(Fixtures.coordinate(0, 10).distance(to: Fixtures.coordinate(0, 11)) - expected) < 0.001)
  }

  @Test func knownDistances() {
    // Berlin (52.52, 13.405) to Paris (48.8566, 2.3522): 877.46 km on this radius.
    let berlin = Fixtures.coordinate(52.52, 13.405)
    let paris = Fixtures.coordinate(48.8566, 2.3522)
    #expect(abs(berlin.distance(to: paris) - 877_464.5) < 1)
    // Half the circumference between antipodes.
    #expect(abs(Fixtures.coordinate(0, 0).distance(to: Fixtures.coordinate(0, 180)) - 20_015_114.44) < 0.01)
    #expect(abs(Fixtures.coordinate(90, 0).distance(to: Fixtures.coordinate(-90, 0)) - 20_015_114.44) < 0.01)
    // Across the antimeridian the short way round: 0.0002° of longitude on the equator, 22.24 m.
    #expect(
      abs(Fixtures.coordinate(0, 179.9999).distance(to: Fixtures.coordinate(0, -179.9999)) - 22.239) < 0.001)
    // Over the pole: the same latitude, opposite meridians.
    #expect(
      abs(Fixtures.coordinate(89.9999, 0).distance(to: Fixtures.coordinate(89.9999, 180)) - 22.239) < 0.001)
  }

  @Test func metresNorthFixtureIsExact() {
    // The fixture the proximity tests rely on.
    let origin = Fixtures.coordinate(52.516_275, 13.377_704)
    #expect(abs(origin.distance(to: Fixtures.coordinate(origin, metresNorth: 25)) - 25) < 1e-6)
  }

  @Test func distanceIsAMetric() async {
    let coordinates = zip(Gen.double(in: -90...90), Gen.double(in: -180...180))
    await propertyCheck(input: coordinates, coordinates) { a, b in
      let p = try Coordinate(latitude: a.0, longitude: a.1)
      let q = try Coordinate(latitude: b.0, longitude: b.1)
      #expect(p.distance(to: p) == 0)
      #expect(abs(p.distance(to: q) - q.distance(to: p)) < 1e-6)
      #expect(p.distance(to: q) >= 0 && p.distance(to: q) <= Double.pi * Coordinate.earthRadius + 1e-6)
    }
  }
}
