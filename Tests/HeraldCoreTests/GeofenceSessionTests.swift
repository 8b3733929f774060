import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import PropertyBased
import Testing

/// The region planner at work: a walk watched with at most 20 regions notifies exactly what the
/// fix-based monitor notifies, at the same fix, on the recorded track near Višnjan.
@Suite struct GeofenceSessionTests {
  /// The recorded walk (`examples/gpx`, from gpxpy's test files), forwards and backwards.
  static let recorded: [LocationFix] = {
    let url = HeraldProcess.repositoryRoot.appendingPathComponent("examples/gpx/around-visnjan-with-car.gpx")
    guard let fixes = try? GPXDocument(contentsOf: url).fixes, fixes.count > 100 else {
      preconditionFailure("the recorded track is missing")
    }
    return fixes
  }()
  static let tracks: [(name: String, fixes: [LocationFix])] = [
    ("recorded", recorded),
    (
      "recorded, backwards",
      recorded.reversed().enumerated().map { index, fix in
        LocationFix(coordinate: fix.coordinate, timestamp: recorded[index].timestamp)
      }
    ),
  ]

  /// A route of `count` points: some on the track (within `radius` of one of its fixes or just
  /// beyond), the rest scattered over the track's surroundings (about 2 km × 2 km).
  static func route(count: Int, nearTrack: Int, radius: Double, seed: UInt64) -> Route {
    var random = SeededGenerator(seed: seed)
    let fixes = recorded
    let centre = fixes[fixes.count / 2].coordinate
    let points = (0..<count).map { number -> PointOfInterest in
      let coordinate: Coordinate
      if number < nearTrack {
        let fix = fixes[Int.random(in: 0..<fixes.count, using: &random)].coordinate
        coordinate = offset(
          fix, metres: Double.random(in: 0...(radius * 1.6), using: &random), using: &random)
      } else {
        coordinate = offset(centre, metres: Double.random(in: 0...1_200, using: &random), using: &random)
      }
      // Names repeat, as real ones do ("Brunnen"), so identifiers may coincide.
      return PointOfInterest(id: "p\(number)", name: "Ort \(number % 37)", coordinate: coordinate)
    }
    return Fixtures.route("field", points.map { ($0.id, $0.name, $0.coordinate) })
  }

  static func offset(_ origin: Coordinate, metres: Double, using random: inout SeededGenerator) -> Coordinate
  {
    let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
    let north = metres * cos(bearing) / Coordinate.earthRadius * 180 / .pi
    let east = metres * sin(bearing) / Coordinate.earthRadius * 180 / .pi / cos(origin.latitude * .pi / 180)
    return Fixtures.coordinate(origin.latitude + north, origin.longitude + east)
  }

  @Test func twentyRegionsNotifyExactlyWhatEveryFixNotifies() async {
    // (points, of them near the track, radius) × seed × track
    let fields = Gen.element(of: [(30, 10, 25.0), (120, 25, 25.0), (600, 40, 25.0), (2_000, 60, 40.0)])
      .compactMap { $0 }
    let input = zip(fields, Gen.int(in: 0...1_000_000), Gen.int(in: 0...(Self.tracks.count - 1)))
    await propertyCheck(count: 60, input: input) { field, seed, track in
      let (count, near, radius) = field
      let route = Self.route(count: count, nearTrack: near, radius: radius, seed: UInt64(seed))
      let fixes = Self.tracks[track].fixes
      var simulation = RegionMonitoringSimulation(route: route, radius: radius, maximumRegions: 20)
      simulation.run(fixes)
      let expected = RegionMonitoringSimulation.fixBased(route, radius: radius, fixes)
      let label = "\(Self.tracks[track].name), \(count) points, seed \(seed)"
      // The same notifications at the same fixes (within a fix the platform's order may differ).
      #expect(simulation.raised.sorted() == expected.sorted(), "\(label)")
      #expect(simulation.mostHeld <= 20, "\(label): held \(simulation.mostHeld) regions")
      #expect(
        simulation.session.monitor.visited
          == RegionMonitoringSimulation.fixBasedVisits(route, radius: radius, fixes),
        "\(label)")
    }
  }

  @Test func aCrowdOfPointsInReachAtOnceIsVisitedAtOnce() {
    // 45 points within 20 m of one fix: more than 20 regions' worth, all reached on that fix.
    var random = SeededGenerator(seed: 7)
    let fix = Self.recorded[40]
    let crowd = (0..<45).map { n in
      (
        "c\(n)", "Crowd \(n)",
        Self.offset(fix.coordinate, metres: Double.random(in: 0...20, using: &random), using: &random)
      )
    }
    let route = Fixtures.route("crowd", crowd)
    var simulation = RegionMonitoringSimulation(route: route, radius: 25, maximumRegions: 20)
    simulation.run(Self.recorded)
    let expected = RegionMonitoringSimulation.fixBased(route, radius: 25, Self.recorded)
    #expect(simulation.raised.sorted() == expected.sorted())
    #expect(expected.count == 46)  // every point, then the completion
    #expect(simulation.mostHeld <= 20)
  }

  @Test func rePlansPerKilometre() {
    // Reported, not judged: how often the walker leaves the refresh region.
    for (count, near) in [(30, 10), (120, 25), (600, 40), (2_000, 60), (10_000, 100)] {
      var plans: [Double] = []
      for track in Self.tracks {
        let route = Self.route(count: count, nearTrack: near, radius: 25, seed: 42)
        var simulation = RegionMonitoringSimulation(route: route, radius: 25, maximumRegions: 20)
        simulation.run(track.fixes)
        #expect(simulation.mostHeld <= 20)
        // Re-plans: every plan after the first, made when the walk began.
        let kilometres = RegionMonitoringSimulation.kilometres(track.fixes)
        plans.append(Double(simulation.session.planCount - 1) / kilometres)
      }
      let walked = RegionMonitoringSimulation.kilometres(Self.recorded)
      print(
        String(
          format: "GeofenceSessionTests: %d points over about 2 km × 2 km, %.1f km walked: "
            + "%.1f / %.1f re-plans per km (forwards / backwards)", count, walked, plans[0], plans[1]))
    }
  }

  @Test func aPointReachedIsNotMonitoredAnyMoreAndTheRefreshExitRePlans() throws {
    let line = RegionPlannerTests.line(40)
    var session = GeofenceSession(monitor: ProximityMonitor(route: line), maximumRegions: 20)
    let start = LocationFix(coordinate: RegionPlannerTests.origin, timestamp: Date(timeIntervalSince1970: 0))
    let first = session.locate(start)
    #expect(first.events.isEmpty && first.start.count == 20 && first.stop.isEmpty)
    let atP1 = LocationFix(
      coordinate: Fixtures.coordinate(RegionPlannerTests.origin, metresNorth: 100),
      timestamp: Date(timeIntervalSince1970: 60))
    let entered = session.handle(.entered("p1"), fix: atP1)
    #expect(entered.events.map(\.notification.identifier) == ["spot_Point 1_60"])
    #expect(entered.stop == ["p1"] && entered.start.isEmpty)
    #expect(session.plan?.regions.count == 19)
    // A second enter for the same point (a region re-added elsewhere) raises nothing.
    #expect(session.handle(.entered("p1"), fix: atP1).events.isEmpty)
    let far = LocationFix(
      coordinate: Fixtures.coordinate(RegionPlannerTests.origin, metresNorth: 2_500),
      timestamp: Date(timeIntervalSince1970: 600))
    let exited = session.handle(.exited(RegionPlanner.refreshIdentifier), fix: far)
    #expect(exited.events.map(\.notification.identifier) == ["spot_Point 25_600"])
    #expect(session.planCount == 2)
    #expect((session.plan?.regions.count ?? 99) <= 20)
  }
}

extension RegionMonitoringSimulation {
  /// The ids of the points the fix-based monitor visits on the track.
  static func fixBasedVisits(_ route: Route, radius: Double, _ fixes: [LocationFix]) -> Set<String> {
    var monitor = ProximityMonitor(route: route, radius: radius)
    for fix in fixes { _ = monitor.advance(fix) }
    return monitor.visited
  }
}
