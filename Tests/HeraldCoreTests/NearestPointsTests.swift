import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// The k-d tree behind the region planner finds the same nearest points as measuring the
/// distance to every point, anywhere on the Earth (the poles and the antimeridian included).
@Suite struct NearestPointsTests {
  @Test func agreesWithMeasuringEveryPoint() async {
    let inputs = zip(SpatialGridTests.cases, Gen.int(in: 1...25), Gen.int(in: 0...4))
    await propertyCheck(count: 300, input: inputs) { c, k, skipEvery in
      let index = NearestPoints(c.points)
      // Some points excluded (visited), by a rule the brute force uses too.
      let include = { (i: Int) in skipEvery == 0 || i % (skipEvery + 1) != 0 }
      let found = index.nearest(k, to: c.center, where: include)
      let expected = c.points.indices.filter(include).map { c.points[$0].distance(to: c.center) }.sorted()
        .prefix(k)
      #expect(found.count == expected.count, "\(c)")
      #expect(Set(found).count == found.count && found.allSatisfy(include), "\(c)")
      let distances = found.map { c.points[$0].distance(to: c.center) }
      // Equal up to rounding: two points at the same distance may come in either order.
      for (got, want) in zip(distances, expected) {
        #expect(abs(got - want) <= 1e-6 * max(1, want), "\(c): \(distances) vs \(Array(expected))")
      }
    }
  }

  @Test func findsAcrossTheAntimeridianAndThePole() {
    let points = [
      Fixtures.coordinate(0, 179.9999), Fixtures.coordinate(0, 170), Fixtures.coordinate(89.9999, 0),
      Fixtures.coordinate(89.9999, 180), Fixtures.coordinate(-45, -60),
    ]
    let index = NearestPoints(points)
    #expect(index.nearest(1, to: Fixtures.coordinate(0, -179.9999)) { _ in true } == [0])
    #expect(index.nearest(2, to: Fixtures.coordinate(90, 0)) { _ in true }.sorted() == [2, 3])
    #expect(index.nearest(1, to: Fixtures.coordinate(89.9999, 179)) { $0 != 3 } == [2])
  }

  @Test func nothingToFind() {
    #expect(NearestPoints([]).nearest(3, to: Fixtures.coordinate(0, 0)) { _ in true }.isEmpty)
    let one = NearestPoints([Fixtures.coordinate(1, 1)])
    #expect(one.nearest(0, to: Fixtures.coordinate(0, 0)) { _ in true }.isEmpty)
    #expect(one.nearest(5, to: Fixtures.coordinate(0, 0)) { _ in false }.isEmpty)
    #expect(one.nearest(5, to: Fixtures.coordinate(0, 0)) { _ in true } == [0])
  }

  @Test func manyPointsInOneSpot() {
    // Equal keys must not send the selection into a loop or lose points.
    let spot = Fixtures.coordinate(52.5, 13.4)
    let index = NearestPoints(Array(repeating: spot, count: 1_000) + [Fixtures.coordinate(52.6, 13.4)])
    #expect(index.nearest(1_001, to: Fixtures.coordinate(52.7, 13.4)) { _ in true }.first == 1_000)
    #expect(Set(index.nearest(1_001, to: spot) { _ in true }).count == 1_001)
  }
}
