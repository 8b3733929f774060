import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// contracts/plan.md, `herald route replay`: a recorded track fed through the proximity monitor.
@Suite struct RouteReplayTests {
  static let origin = Fixtures.coordinate(52.516_275, 13.377_704)
  static let start = Fixtures.instant("2026-06-01T10:00:00Z")  // 1780308000

  static func north(_ metres: Double) -> Coordinate { Fixtures.coordinate(origin, metresNorth: metres) }

  static let route = Fixtures.route(
    "tiergarten",
    [("1", "Brandenburger Tor", origin), ("2", "Reichstag", north(500)), ("3", "Kanzleramt", north(1000))])

  /// A walk due north from the gate, one fix every 10 metres and 10 seconds.
  static func walk(to metres: Int) -> [LocationFix] {
    stride(from: 0, through: metres, by: 10).map {
      LocationFix(coordinate: north(Double($0)), timestamp: start.addingTimeInterval(Double($0)))
    }
  }

  static func kinds(_ replay: RouteReplay) -> [String] {
    replay.events.map { event in
      switch event.kind {
      case .spot(let id): "spot \(id)"
      case .routeCompleted: "completed"
      }
    }
  }

  @Test func aWholeWalkVisitsEveryPointOnceThenCompletes() {
    let replay = RouteReplay(route: Self.route, fixes: Self.walk(to: 1200))
    #expect(replay.routeID == "tiergarten")
    #expect(replay.visited == 3)
    #expect(Self.kinds(replay) == ["spot 1", "spot 2", "spot 3", "completed"])
    // Each at the first fix within 25 m: 0 m, 480 m and 980 m from the start.
    #expect(
      replay.events.map(\.notification.identifier) == [
        "spot_Brandenburger Tor_1780308000", "spot_Reichstag_1780308480", "spot_Kanzleramt_1780308980",
        "route_completed_1780308980",
      ])
    #expect(
      replay.events.map(\.notification.fireDate)
        == [0, 480, 980, 980].map { Self.start.addingTimeInterval($0) })
  }

  @Test func aWalkThatStopsShortDoesNotComplete() {
    let replay = RouteReplay(route: Self.route, fixes: Self.walk(to: 700))
    #expect(replay.visited == 2)
    #expect(Self.kinds(replay) == ["spot 1", "spot 2"])
  }

  @Test func noFixesNoEvents() {
    let replay = RouteReplay(route: Self.route, fixes: [])
    #expect(replay.visited == 0 && replay.events.isEmpty && replay.routeID == "tiergarten")
  }

  @Test func notificationsOffStillCountsVisitsButRaisesNothing() {
    let replay = RouteReplay(route: Self.route, fixes: Self.walk(to: 1200), notificationsEnabled: false)
    #expect(replay.visited == 3)
    #expect(replay.events.isEmpty)
  }

  @Test func radiusDecidesTheVisitingFix() {
    // With 105 m, the Reichstag is reached 400 m into the walk instead of 480 m.
    let replay = RouteReplay(route: Self.route, fixes: Self.walk(to: 1200), radius: 105)
    #expect(replay.events.dropFirst().first?.notification.identifier == "spot_Reichstag_1780308400")
    // With 5 m and fixes 10 m apart, every point is still hit exactly (the walk passes through them).
    #expect(RouteReplay(route: Self.route, fixes: Self.walk(to: 1200), radius: 5).visited == 3)
  }

  @Test func languageSetsTheTexts() {
    let german = RouteReplay(route: Self.route, fixes: Self.walk(to: 0), language: .de)
    let english = RouteReplay(route: Self.route, fixes: Self.walk(to: 0), language: .en)
    #expect(german.events.first?.notification.content.title == Texts(.de).spotTitle)
    #expect(english.events.first?.notification.content.title == Texts(.en).spotTitle)
    #expect(
      german.events.first?.notification.content.title != english.events.first?.notification.content.title)
  }

  @Test func fixesAreTakenInTheOrderGiven() {
    // Walking the route backwards reaches the points in reverse; completion still comes last.
    let backwards = Self.walk(to: 1000).reversed().enumerated().map { index, fix in
      LocationFix(coordinate: fix.coordinate, timestamp: Self.start.addingTimeInterval(Double(index)))
    }
    let replay = RouteReplay(route: Self.route, fixes: backwards)
    #expect(Self.kinds(replay) == ["spot 3", "spot 2", "spot 1", "completed"])
  }

  @Test func onePointRoute() {
    let solo = Fixtures.route("solo", [("only", "Gate", Self.origin)])
    let replay = RouteReplay(route: solo, fixes: Self.walk(to: 100))
    #expect(Self.kinds(replay) == ["spot only", "completed"])
    #expect(replay.visited == 1)
  }
}
