import Foundation
import HeraldCore
import HeraldTestSupport

/// Job 2: one location fix against a route of 100 000 points of interest.
///
/// The fixes come from the same area but none is within reach of a point, so the monitor's
/// state never changes and every call costs what a fix between points of interest costs.
struct ProximityBenchmark {
  let route: Route
  let fixes: [LocationFix]
  let radius = ProximityMonitor.defaultRadius

  init(pointCount: Int = 100_000, fixCount: Int = 4096) {
    var random = SeededGenerator(seed: 2)
    // A 50 km × 50 km square around Berlin's centre.
    let centre = (latitude: 52.52, longitude: 13.405)
    let halfSide = 25_000.0
    let latitudeSpan = halfSide / Coordinate.earthRadius * 180 / .pi
    let longitudeSpan = latitudeSpan / cos(centre.latitude * .pi / 180)
    func randomCoordinate() -> Coordinate {
      let latitude = centre.latitude + Double.random(in: -latitudeSpan...latitudeSpan, using: &random)
      let longitude = centre.longitude + Double.random(in: -longitudeSpan...longitudeSpan, using: &random)
      do {
        return try Coordinate(latitude: latitude, longitude: longitude)
      } catch {
        preconditionFailure("fixture coordinate is invalid: \(error)")
      }
    }
    let points = (0..<pointCount).map { index in
      PointOfInterest(id: "poi-\(index)", name: "Point \(index)", coordinate: randomCoordinate())
    }
    do {
      route = try Route(id: "city", name: "City walk", waypoints: points)
    } catch {
      preconditionFailure("fixture route is invalid: \(error)")
    }
    let grid = SpatialGrid(points.map(\.coordinate), cellSize: radius)
    var fixes: [LocationFix] = []
    var second = 0.0
    while fixes.count < fixCount {
      let coordinate = randomCoordinate()
      guard grid.indices(within: radius, of: coordinate).isEmpty else { continue }
      fixes.append(
        LocationFix(coordinate: coordinate, timestamp: BenchmarkFixtures.now.addingTimeInterval(second)))
      second += 1
    }
    self.fixes = fixes
  }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    var monitor = ProximityMonitor(route: route, radius: radius)
    let ours = harness.measure(samples: 101) { counter in
      monitor.process(fixes[counter % fixes.count], notificationsEnabled: true).count &+ monitor.visited.count
    }
    precondition(monitor.visited.isEmpty, "a benchmark fix visited a point: the state changed")
    let naive = harness.measure(samples: 15, warmUpBatches: 1, minimumSampleTime: .milliseconds(1)) {
      counter in
      naiveIndices(near: fixes[counter % fixes.count].coordinate).count
    }
    return [
      BenchmarkRow(job: "2. proximity fix, 100k points", ours: ours, targetNanoseconds: 10e3, naive: naive)
    ]
  }

  /// The spec samples' way: the distance to every point of the route.
  func naiveIndices(near coordinate: Coordinate) -> [Int] {
    var found: [Int] = []
    for (index, point) in route.waypoints.enumerated()
    where point.coordinate.distance(to: coordinate) <= radius {
      found.append(index)
    }
    return found
  }
}
