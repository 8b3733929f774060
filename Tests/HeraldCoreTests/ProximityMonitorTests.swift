import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 004: points of interest reached on a walk, the route's completion, the user's setting and
/// the location permission.
@Suite struct ProximityMonitorTests {
  /// The Brandenburg Gate; the other points lie due north of it.
  static let origin = Fixtures.coordinate(52.516_275, 13.377_704)
  static let time = Fixtures.instant("2026-06-01T10:00:00Z")  // 1780308000

  static func north(_ metres: Double) -> Coordinate { Fixtures.coordinate(origin, metresNorth: metres) }

  static func fix(_ metres: Double, at seconds: Double = 0) -> LocationFix {
    LocationFix(coordinate: north(metres), timestamp: time.addingTimeInterval(seconds))
  }

  /// Three points: the gate, then "Zoo" listed before "Mitte" although it lies beyond it.
  static let route = Fixtures.route(
    "tiergarten",
    [("gate", "Brandenburger Tor", origin), ("zoo", "Zoo", north(330)), ("mitte", "Mitte", north(300))])

  static func spotIDs(_ events: [ProximityEvent]) -> [String?] {
    events.map { event in
      if case .spot(let id) = event.kind { id } else { nil }
    }
  }

  // MARK: Reaching points

  @Test func defaultRadiusIsTwentyFiveMetres() {
    #expect(ProximityMonitor.defaultRadius == 25)
    #expect(ProximityMonitor(route: Self.route).radius == 25)
  }

  @Test(arguments: [
    (0.0, true), (10, true), (24.99, true), (-24.99, true), (25.01, false), (26, false), (-26, false),
  ])
  func pointWithinTheRadiusIsVisited(metres: Double, visited: Bool) {
    var monitor = ProximityMonitor(route: Self.route)
    let events = monitor.process(Self.fix(metres), notificationsEnabled: true)
    #expect(Self.spotIDs(events) == (visited ? ["gate"] : []))
    #expect(monitor.visited == (visited ? ["gate"] : []))
  }

  @Test func radiusCanBeWidened() {
    var monitor = ProximityMonitor(route: Self.route, radius: 50)
    #expect(Self.spotIDs(monitor.process(Self.fix(45), notificationsEnabled: true)) == ["gate"])
  }

  @Test func eachPointIsNotifiedOnceWhileFixesStayNearby() {
    var monitor = ProximityMonitor(route: Self.route)
    let events = [0.0, 3, -4, 10, 0, 20].enumerated().flatMap { index, metres in
      monitor.process(Self.fix(metres, at: Double(index)), notificationsEnabled: true)
    }
    #expect(Self.spotIDs(events) == ["gate"])
  }

  @Test func lastTwoPointsOnOneFixCompleteOnceInRouteOrder() {
    var monitor = ProximityMonitor(route: Self.route)
    #expect(Self.spotIDs(monitor.process(Self.fix(0), notificationsEnabled: true)) == ["gate"])
    // 315 m north is 15 m from both Mitte and Zoo: Zoo first (route order), then the completion.
    let events = monitor.process(Self.fix(315, at: 60), notificationsEnabled: true)
    #expect(Self.spotIDs(events) == ["zoo", "mitte", nil])
    #expect(events.last?.kind == .routeCompleted)
    #expect(monitor.isCompleted)
    // Further fixes, even at the points, raise nothing.
    #expect(monitor.process(Self.fix(300, at: 61), notificationsEnabled: true).isEmpty)
    #expect(monitor.process(Self.fix(0, at: 62), notificationsEnabled: true).isEmpty)
  }

  @Test func aOnePointRouteCompletesWithItsOnlyVisit() throws {
    var monitor = ProximityMonitor(
      route: Fixtures.route("solo", [("gate", "Brandenburger Tor", Self.origin)]))
    let events = monitor.process(Self.fix(1), notificationsEnabled: true)
    #expect(Self.spotIDs(events) == ["gate", nil])
    #expect(events.filter { $0.kind == .routeCompleted }.count == 1)
  }

  // MARK: The user's setting

  @Test func settingOffTracksVisitsWithoutNotifying() {
    var monitor = ProximityMonitor(route: Self.route)
    #expect(monitor.process(Self.fix(0), notificationsEnabled: false).isEmpty)
    #expect(monitor.visited == ["gate"])
    // Turned on: the next fix notifies what it reaches, but not what was visited while off.
    #expect(monitor.process(Self.fix(0, at: 1), notificationsEnabled: true).isEmpty)
    #expect(Self.spotIDs(monitor.process(Self.fix(300, at: 2), notificationsEnabled: true)) == ["mitte"])
    // Off again for the last point: completion is detected, but not announced, now or later.
    #expect(monitor.process(Self.fix(330, at: 3), notificationsEnabled: false).isEmpty)
    #expect(monitor.isCompleted)
    #expect(monitor.visited == ["gate", "mitte", "zoo"])
    #expect(monitor.process(Self.fix(330, at: 4), notificationsEnabled: true).isEmpty)
  }

  // MARK: Route change and permission

  @Test func changingTheRouteStartsOver() {
    var monitor = ProximityMonitor(route: Self.route)
    _ = monitor.process(Self.fix(0), notificationsEnabled: true)
    _ = monitor.process(Self.fix(315, at: 1), notificationsEnabled: true)
    #expect(monitor.isCompleted)
    // The new route reuses an id of the old one: it is a new visit all the same.
    let other = Fixtures.route(
      "spree", [("gate", "Brandenburger Tor", Self.origin), ("far", "Far", Self.north(5000))])
    monitor.changeRoute(to: other)
    #expect(monitor.route == other)
    #expect(monitor.visited.isEmpty && !monitor.isCompleted)
    #expect(Self.spotIDs(monitor.process(Self.fix(0, at: 2), notificationsEnabled: true)) == ["gate"])
    // The old route's points are no longer watched.
    #expect(monitor.process(Self.fix(300, at: 3), notificationsEnabled: true).isEmpty)
  }

  @Test func revokedPermissionPausesUntilGranted() {
    var monitor = ProximityMonitor(route: Self.route, language: .en)
    monitor.locationAuthorizationChanged(granted: false)
    guard case .paused(let reason) = monitor.status else {
      Issue.record("not paused: \(monitor.status)")
      return
    }
    #expect(!reason.isEmpty)
    // Fixes while paused are ignored: nothing visited, nothing raised.
    #expect(monitor.process(Self.fix(0), notificationsEnabled: true).isEmpty)
    #expect(monitor.visited.isEmpty)
    monitor.locationAuthorizationChanged(granted: true)
    #expect(monitor.status == .monitoring)
    #expect(Self.spotIDs(monitor.process(Self.fix(0, at: 1), notificationsEnabled: true)) == ["gate"])
  }

  // MARK: The notifications

  @Test func identifiersAreNameAndUnixSeconds() {
    var monitor = ProximityMonitor(route: Self.route)
    let gate = monitor.process(Self.fix(0, at: 0.75), notificationsEnabled: true)
    #expect(gate.map(\.notification.identifier) == ["spot_Brandenburger Tor_1780308000"])
    let rest = monitor.process(Self.fix(315, at: 125), notificationsEnabled: true)
    #expect(
      rest.map(\.notification.identifier) == [
        "spot_Zoo_1780308125", "spot_Mitte_1780308125", "route_completed_1780308125",
      ])
    #expect(rest.allSatisfy { $0.notification.fireDate == Self.time.addingTimeInterval(125) })
  }

  @Test func payloadNamesRouteAndSpotButNeverCoordinates() throws {
    var monitor = ProximityMonitor(route: Self.route)
    let events =
      monitor.process(Self.fix(0), notificationsEnabled: true)
      + monitor.process(Self.fix(315), notificationsEnabled: true)
    try #require(events.count == 4)
    #expect(events[0].notification.content.userInfo["type"] == "spot")
    #expect(events[0].notification.content.userInfo["routeID"] == "tiergarten")
    #expect(events[0].notification.content.userInfo["spotID"] == "gate")
    #expect(events[3].notification.content.userInfo["type"] == "routeCompleted")
    #expect(events[3].notification.content.userInfo["routeID"] == "tiergarten")
    #expect(events[3].notification.content.userInfo["spotID"] == nil)
    // 52.516… and 13.377…, however written.
    let digits = ["52.51", "52,51", "5251", "13.37", "13,37", "1337"]
    for event in events {
      let content = event.notification.content
      for text in Array(content.userInfo.keys) + Array(content.userInfo.values) + [
        content.title, content.body,
      ] {
        #expect(!digits.contains { text.contains($0) }, "\(event.notification.identifier): \(text)")
      }
    }
  }

  @Test func tappingLeadsToTheMap() {
    var monitor = ProximityMonitor(route: Self.route)
    let events =
      monitor.process(Self.fix(0), notificationsEnabled: true)
      + monitor.process(Self.fix(315), notificationsEnabled: true)
    #expect(events.first?.deepLink == MapDeepLink(routeID: "tiergarten", spotID: "gate"))
    #expect(events.last?.deepLink == MapDeepLink(routeID: "tiergarten"))
  }

  @Test(arguments: [
    (
      Language.de, "Ort erreicht", "Du bist bei Brandenburger Tor.", "Route abgeschlossen",
      "Du hast alle 3 Orte von Tiergarten-Runde besucht."
    ),
    (
      Language.en, "Point of interest reached", "You are at Brandenburger Tor.", "Route completed",
      "You visited all 3 places of Tiergarten-Runde."
    ),
  ])
  func theTextsAreExact(
    language: Language, spotTitle: String, spotBody: String, doneTitle: String, doneBody: String
  ) throws {
    var monitor = ProximityMonitor(route: Self.route, language: language)
    let first = monitor.process(Self.fix(0), notificationsEnabled: true)
    _ = monitor.process(Self.fix(300), notificationsEnabled: true)
    let last = monitor.process(Self.fix(330), notificationsEnabled: true)
    let spot = try #require(first.first?.notification.content)
    #expect(spot.title == spotTitle)
    #expect(spot.body == spotBody)
    let done = try #require(last.last?.notification.content)
    #expect(done.title == doneTitle)
    #expect(done.body == doneBody)
  }

  @Test(arguments: Language.allCases)
  func textsNameThePlaceAndTheRoute(language: Language) {
    var monitor = ProximityMonitor(route: Self.route, language: language)
    let events =
      monitor.process(Self.fix(0), notificationsEnabled: true)
      + monitor.process(Self.fix(315), notificationsEnabled: true)
    #expect(events.first?.notification.content.body.contains("Brandenburger Tor") == true)
    #expect(events.last?.notification.content.body.contains("Tiergarten-Runde") == true)
    #expect(events.first?.notification.content.categoryIdentifier == "poi")
    #expect(events.last?.notification.content.categoryIdentifier == "route-completed")
    #expect(events.allSatisfy { $0.notification.request.trigger == .timeInterval(seconds: 0) })
  }
}
