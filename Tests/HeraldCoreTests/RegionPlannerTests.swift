import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// iOS monitors at most 20 regions: the planner picks the 19 nearest unvisited points of interest
/// and a refresh region around the position that reaches just short of the nearest point left out.
@Suite struct RegionPlannerTests {
  static let origin = Fixtures.coordinate(52.516_275, 13.377_704)

  /// `count` points due north of the origin, `spacing` metres apart, the first at `spacing`.
  static func line(_ count: Int, spacing: Double = 100) -> Route {
    Fixtures.route(
      "line",
      (1...count).map {
        ("p\($0)", "Point \($0)", Fixtures.coordinate(origin, metresNorth: Double($0) * spacing))
      })
  }

  @Test func aRouteThatFitsIsMonitoredWholeWithoutARefreshRegion() {
    for count in [1, 19, 20] {
      let plan = RegionPlanner(route: Self.line(count), maximumRegions: 20).plan(at: Self.origin, visited: [])
      #expect(plan.points.count == count)
      #expect(plan.refresh == nil)
      #expect(plan.regions.count <= 20)
      #expect(plan.points.allSatisfy { $0.radius == 25 })
    }
  }

  @Test func aLongerRouteGetsTheNineteenNearestAndAFreshRegionShortOfTheTwentieth() throws {
    let planner = RegionPlanner(route: Self.line(100), maximumRegions: 20)
    let plan = planner.plan(at: Self.origin, visited: [])
    #expect(plan.points.map(\.identifier) == (1...19).map { "p\($0)" })
    let refresh = try #require(plan.refresh)
    #expect(refresh.identifier == RegionPlanner.refreshIdentifier)
    #expect(refresh.center == Self.origin)
    // p20 is 2 000 m away, its region begins 25 m before: the refresh region ends 1 cm short of it.
    #expect(abs(refresh.radius - (2_000 - 25 - 0.01)) < 1e-6)
    #expect(plan.regions.count == 20)
  }

  @Test func visitedPointsAreLeftOut() throws {
    let planner = RegionPlanner(route: Self.line(100), maximumRegions: 20)
    let visited = Set((1...5).map { "p\($0)" })
    let plan = planner.plan(at: Self.origin, visited: visited)
    #expect(plan.points.map(\.identifier) == (6...24).map { "p\($0)" })
    #expect(abs(try #require(plan.refresh).radius - (2_500 - 25 - 0.01)) < 1e-6)
  }

  @Test func thePlanFollowsThePosition() {
    let planner = RegionPlanner(route: Self.line(100), maximumRegions: 20)
    let middle = Fixtures.coordinate(Self.origin, metresNorth: 5_000)
    let plan = planner.plan(at: middle, visited: [])
    // The 19 nearest of a line around its 50th point: 41…59 (40 and 60 tie at 1 000 m).
    #expect(Set(plan.points.map(\.identifier)) == Set((41...59).map { "p\($0)" }))
    #expect(abs((plan.refresh?.radius ?? 0) - (1_000 - 25 - 0.01)) < 1e-6)
  }

  @Test func moreThanFitInReachCollapseTheRefreshRegion() {
    // 30 points within 10 m: the nearest left out is inside a region's reach already.
    let crowd = Fixtures.route(
      "crowd", (0..<30).map { ("c\($0)", "C", Fixtures.coordinate(Self.origin, metresNorth: Double($0) / 3)) }
    )
    let plan = RegionPlanner(route: crowd, maximumRegions: 20).plan(at: Self.origin, visited: [])
    #expect(plan.points.count == 19)
    #expect(plan.refresh?.radius == 0)
  }

  @Test func theLimitIsAParameterOfAtLeastTwo() {
    let plan = RegionPlanner(route: Self.line(10), maximumRegions: 1).plan(at: Self.origin, visited: [])
    #expect(plan.points.map(\.identifier) == ["p1"])
    #expect(plan.refresh != nil)
    #expect(Limits.iOS.monitoredRegions == 20)
  }

  @Test func changesStopWhatIsGoneAndStartOnlyWhatIsNew() {
    let planner = RegionPlanner(route: Self.line(100), maximumRegions: 20)
    let first = planner.plan(at: Self.origin, visited: [])
    let initial = first.changes(from: nil)
    #expect(initial.stop.isEmpty && initial.start.count == 20)
    #expect(first.changes(from: first).stop.isEmpty && first.changes(from: first).start.isEmpty)
    // At p15: p6…p24. p1…p5 stop, p20…p24 start, the moved refresh region is stopped and started
    // anew, and p6…p19 are left alone.
    let later = planner.plan(at: Fixtures.coordinate(Self.origin, metresNorth: 1_500), visited: [])
    let (stop, start) = later.changes(from: first)
    #expect(Set(stop) == Set((1...5).map { "p\($0)" } + [RegionPlanner.refreshIdentifier]))
    #expect(
      Set(start.map(\.identifier)) == Set((20...24).map { "p\($0)" } + [RegionPlanner.refreshIdentifier]))
  }
}
