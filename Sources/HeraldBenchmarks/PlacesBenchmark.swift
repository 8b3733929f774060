import Foundation
import HeraldCore
import HeraldTestSupport

/// Job 5: places at scale. The proximity monitor along a walk through 100 000 points of interest
/// (its sustained rate, fixes per second), and one region re-plan for iOS's 20 regions among them.
struct PlacesBenchmark {
  let field: ProximityBenchmark
  let walk: [LocationFix]

  init() {
    field = ProximityBenchmark()
    // A walker crossing the 50 km square and back, a fix every 1.4 m (a fix a second at walking
    // pace), swaying: about one point in reach every few hundred fixes.
    var random = SeededGenerator(seed: 5)
    let start = field.route.waypoints[0].coordinate
    var latitude = start.latitude
    var longitude = start.longitude
    var heading = Double.random(in: 0..<(2 * .pi), using: &random)
    var fixes: [LocationFix] = []
    for second in 0..<100_000 {
      heading += Double.random(in: -0.2...0.2, using: &random)
      let step = 1.4 / Coordinate.earthRadius * 180 / .pi
      latitude = min(52.74, max(52.30, latitude + step * cos(heading)))
      longitude = min(13.77, max(13.04, longitude + step * sin(heading) / cos(latitude * .pi / 180)))
      guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
      fixes.append(
        LocationFix(
          coordinate: coordinate, timestamp: BenchmarkFixtures.now.addingTimeInterval(Double(second))))
    }
    walk = fixes
  }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    var monitor = ProximityMonitor(route: field.route)
    let walk = walk
    let throughput = harness.measure(samples: 31) { counter in
      monitor.advance(walk[counter % walk.count]).count
    }
    let visited = monitor.visited.count
    // The re-plan, as GeofenceSession makes it: the monitor says what was visited.
    let planner = RegionPlanner(route: field.route, maximumRegions: Limits.iOS.monitoredRegions ?? 20)
    let replan = harness.measure(samples: 101) { counter in
      let position = walk[(counter &* 7_919) % walk.count].coordinate
      return planner.plan(at: position) { monitor.isVisited(index: $0) }.points.count
    }
    let points = field.route.waypoints.map(\.coordinate)
    let naive = harness.measure(samples: 11, warmUpBatches: 1, minimumSampleTime: .milliseconds(1)) {
      counter in
      let position = walk[(counter &* 7_919) % walk.count].coordinate
      return Self.naivePlan(points, at: position) { monitor.isVisited(index: $0) }.count
    }
    print(
      String(
        format: "\nPlaces: the monitor sustains %.2f million fixes/s along a walk through 100 000 points "
          + "(%d visited so far; target ≥ 1 million/s)", 1e3 / throughput.median, visited))
    return [
      BenchmarkRow(
        job: "5a. monitor, a fix of a walk, 100k points", ours: throughput, targetNanoseconds: 1_000),
      BenchmarkRow(
        job: "5b. region re-plan, 100k points", ours: replan, targetNanoseconds: 50_000, naive: naive),
    ]
  }

  /// The 19 nearest unvisited by measuring every point, as a first try would.
  static func naivePlan(_ points: [Coordinate], at position: Coordinate, isVisited: (Int) -> Bool) -> [Int] {
    let distances = points.indices.filter { !isVisited($0) }.map { ($0, points[$0].distance(to: position)) }
    return distances.sorted { $0.1 < $1.1 }.prefix(19).map(\.0)
  }
}
