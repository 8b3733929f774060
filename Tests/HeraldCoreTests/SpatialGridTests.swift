import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// The grid behind the proximity monitor must find exactly what a scan of every point finds,
/// anywhere on the Earth: near the poles, where meridians converge, and across the antimeridian.
@Suite struct SpatialGridTests {
  struct Case: Sendable, CustomStringConvertible {
    var points: [Coordinate]
    var center: Coordinate
    var radius: Double
    var cellSize: Double

    var description: String {
      // Thousands of points say little: their count does, and the seed printed with it reproduces them.
      let listed =
        points.count > 60
        ? "\(points.count)" : points.map { "(\($0.latitude), \($0.longitude))" }.joined(separator: " ")
      return
        "center \(center.latitude), \(center.longitude); radius \(radius); cell \(cellSize); points \(listed)"
    }
  }

  /// Points far from every query below, at one per degree of latitude along the prime meridian:
  /// with more points than cells to visit, the grid searches its cells instead of every point.
  static let filler = stride(from: -60.0, through: 60, by: 1).map { Fixtures.coordinate($0, 0) }

  static func scan(_ points: [Coordinate], within radius: Double, of center: Coordinate) -> [Int] {
    points.indices.filter { points[$0].distance(to: center) <= radius }
  }

  /// A latitude and longitude folded back into range.
  static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    var latitude = latitude
    var longitude = longitude
    if latitude > 90 {
      latitude = 180 - latitude
      longitude += 180
    } else if latitude < -90 {
      latitude = -180 - latitude
      longitude += 180
    }
    longitude = (longitude + 180).truncatingRemainder(dividingBy: 360)
    longitude = (longitude < 0 ? longitude + 360 : longitude) - 180
    return Fixtures.coordinate(min(90, max(-90, latitude)), min(180, max(-180, longitude)))
  }

  static let cases = Generator<Case, Shrink.None<Case>> { rng in
    // Mostly walking distances; sometimes cells so large that a few of them wrap the Earth.
    let radius =
      Int.random(in: 0..<5, using: &rng) > 0
      ? Double.random(in: 1...500, using: &rng) : Double.random(in: 500...3_000_000, using: &rng)
    let cellSize = radius * Double.random(in: 1...3, using: &rng)
    // Degrees of latitude that a few radii span.
    let reach = 3 * radius / Coordinate.earthRadius * 180 / .pi
    let latitude: Double
    var longitude = Double.random(in: -180...180, using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: latitude = Double.random(in: -90...90, using: &rng)
    case 1: latitude = (Bool.random(using: &rng) ? 1 : -1) * (90 - Double.random(in: 0...0.2, using: &rng))
    case 2: latitude = (Bool.random(using: &rng) ? 1 : -1) * (90 - Double.random(in: 0...reach, using: &rng))
    default:
      latitude = Double.random(in: -89...89, using: &rng)
      longitude = (Bool.random(using: &rng) ? 1 : -1) * (180 - Double.random(in: 0...reach, using: &rng))
    }
    let center = coordinate(latitude, longitude)
    // Few points, or many: the grid only searches cells when there are more points than cells.
    let count =
      Bool.random(using: &rng) ? Int.random(in: 0...60, using: &rng) : Int.random(in: 500...3000, using: &rng)
    let points = (0..<count).map { _ -> Coordinate in
      if Int.random(in: 0..<10, using: &rng) == 0 {
        return coordinate(
          Double.random(in: -90...90, using: &rng), Double.random(in: -180...180, using: &rng))
      }
      // Within a few radii of the center; near a pole, at any longitude.
      let north = Double.random(in: -reach...reach, using: &rng)
      let cosine = max(cos(center.latitude * .pi / 180), 1e-9)
      let east = min(360, Double.random(in: -reach...reach, using: &rng) / cosine)
      return coordinate(center.latitude + north, center.longitude + east)
    }
    return Case(points: points, center: center, radius: radius, cellSize: cellSize)
  }

  @Test func agreesWithAScanOfEveryPoint() async {
    await propertyCheck(count: 500, input: Self.cases) { c in
      let grid = SpatialGrid(c.points, cellSize: c.cellSize)
      #expect(
        grid.indices(within: c.radius, of: c.center) == Self.scan(c.points, within: c.radius, of: c.center),
        "\(c)")
    }
  }

  @Test(arguments: [
    // (point, query, metres apart)
    ((0.0, 179.9999), (0.0, -179.9999), 22.24),  // across the antimeridian
    ((-33.9, -179.99995), (-33.9, 179.99995), 9.23),
    ((89.9999, 0.0), (89.9999, 180.0), 22.24),  // over the North Pole
    ((-89.9999, 90.0), (-89.9999, -90.0), 22.24),  // and the South Pole
    ((89.95, 0.0), (89.95, 0.2), 19.41),  // near the pole, where meridians are metres apart
    ((90.0, 0.0), (89.9999, 123.0), 11.12),
  ])
  func findsNeighboursWhereLongitudesWrapOrConverge(
    point: (Double, Double), query: (Double, Double), metres: Double
  ) {
    let p = Fixtures.coordinate(point.0, point.1)
    let q = Fixtures.coordinate(query.0, query.1)
    #expect(abs(p.distance(to: q) - metres) < 0.01)
    let grid = SpatialGrid([p] + Self.filler, cellSize: 25)
    #expect(grid.indices(within: 25, of: q) == [0])
    #expect(grid.indices(within: metres - 0.1, of: q).isEmpty)
  }

  @Test func lastColumnBeforeTheAntimeridianIsNotNarrower() {
    // 360° hold 1000.01 cells of this size: a grid must not end in a sliver of a column, or the
    // neighbourhood of -179.999° (1.2 km from 179.99°) stops one column short.
    let cellSize = 360 / 1000.01 * (Coordinate.earthRadius * .pi / 180)
    let point = Fixtures.coordinate(0, 179.99)
    let query = Fixtures.coordinate(0, -179.999)
    #expect(point.distance(to: query) < 1300)
    #expect(SpatialGrid([point] + Self.filler, cellSize: cellSize).indices(within: 30_000, of: query) == [0])
  }

  @Test func noPointIsReportedTwiceWhenTheSearchWrapsTheRing() {
    // Cells of about 0.9°, 400 to the ring, and a 100 km circle 0.5° from the North Pole: the search
    // covers every meridian, and a point beyond the pole (78 km away) must come back once.
    let grid = SpatialGrid([Fixtures.coordinate(89.8, 180)] + Self.filler, cellSize: 100_086.7)
    #expect(grid.indices(within: 100_000, of: Fixtures.coordinate(89.5, 0)) == [0])
  }

  @Test func answersAscendingIndicesOnly() {
    let origin = Fixtures.coordinate(52.516_275, 13.377_704)
    let points = [40.0, 5, 0, 15, 30, 24].map { Fixtures.coordinate(origin, metresNorth: $0) }
    let grid = SpatialGrid(points, cellSize: 25)
    #expect(grid.indices(within: 25, of: origin) == [1, 2, 3, 5])
    #expect(grid.indices(within: 10, of: origin) == [1, 2])
  }

  @Test func emptyGridFindsNothing() {
    #expect(SpatialGrid([], cellSize: 25).indices(within: 25, of: Fixtures.coordinate(0, 0)).isEmpty)
  }

  @Test func samePointTwiceIsFoundTwice() {
    let gate = Fixtures.coordinate(52.516_275, 13.377_704)
    #expect(SpatialGrid([gate, gate], cellSize: 25).indices(within: 0, of: gate) == [0, 1])
  }
}
