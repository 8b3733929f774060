import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// Routes in the store, the one walk under way, and its progress recorded with deliveries.
@Suite struct RouteStoreTests {
  static let origin = Fixtures.coordinate(45.2735, 13.71415)
  static let start = Fixtures.instant("2026-06-01T10:00:00Z")

  static func route(_ id: String = "visnjan", name: String = "Rund um Višnjan", points: Int = 3) -> Route {
    Fixtures.route(
      id, name: name,
      (1...points).map { ("\($0)", "Ort \($0)", Fixtures.coordinate(origin, metresNorth: Double($0) * 100)) })
  }

  static func visit(_ spot: String, route: String = "visnjan", at seconds: Double = 0) -> DeliveryEffect {
    .placeVisited(routeID: route, spotID: spot, at: start + seconds)
  }

  static func key(_ id: String, _ seconds: Double = 0) -> DeliveryKey {
    DeliveryKey(requestID: id, fireDate: start + seconds)
  }

  @Test func oneWalkAtATimeAndStartingItAgainChangesNothing() throws {
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route("a"))
    try store.importRoute(Self.route("b"))
    #expect(try store.activeWalk() == nil)
    #expect(try store.startWalk(routeID: "a", at: Self.start) == .started)
    try store.recordDelivery(
      Self.key("spot_Ort 1_0"), deliveredAt: Self.start, late: false,
      effects: [
        Self.visit("1", route: "a")
      ])
    // Started again mid-walk: the walk goes on, its visit kept.
    #expect(try store.startWalk(routeID: "a", at: Self.start + 60) == .resumed)
    #expect(try store.activeWalk() == Walk(routeID: "a", startedAt: Self.start, visited: ["1": Self.start]))
    // Another route: a new walk, nothing reached.
    #expect(try store.startWalk(routeID: "b", at: Self.start + 120) == .started)
    #expect(try store.activeWalk() == Walk(routeID: "b", startedAt: Self.start + 120))
    // --new on the route under way: a new walk too.
    try store.recordEffects([Self.visit("2", route: "b")])
    #expect(try store.startWalk(routeID: "b", at: Self.start + 180, restart: true) == .started)
    #expect(try store.activeWalk()?.visited.isEmpty == true)
    try store.appendToTrack(Self.origin, at: Self.start + 200)
    #expect(try store.stopWalk()?.routeID == "b")
    #expect(try store.activeWalk() == nil)
    #expect(try store.walkTrack().isEmpty)
    #expect(try store.stopWalk() == nil)
  }

  @Test func visitsAndTheCompletionAreRecordedWithTheDeliveryOnceAndOnlyForTheWalkUnderWay() throws {
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route())
    try store.startWalk(routeID: "visnjan", at: Self.start)
    #expect(
      try store.recordDelivery(
        Self.key("spot_Ort 1_0"), deliveredAt: Self.start, late: false,
        effects: [
          Self.visit("1")
        ]))
    // The same delivery again records nothing, its effect included.
    #expect(
      try !store.recordDelivery(
        Self.key("spot_Ort 1_0"), deliveredAt: Self.start, late: false,
        effects: [
          Self.visit("1", at: 99)
        ]))
    // A visit reported twice keeps its first time; one on another route changes nothing.
    try store.recordEffects([
      Self.visit("1", at: 50), Self.visit("2", at: 60), Self.visit("3", route: "other"),
    ])
    try store.recordDelivery(
      Self.key("route_completed_70", 70), deliveredAt: Self.start, late: false,
      effects: [
        .routeCompleted(routeID: "visnjan", at: Self.start + 70)
      ])
    try store.recordEffects([.routeCompleted(routeID: "visnjan", at: Self.start + 80)])
    let expected = Walk(
      routeID: "visnjan", startedAt: Self.start, visited: ["1": Self.start, "2": Self.start + 60],
      completedAt: Self.start + 70)
    #expect(try store.activeWalk() == expected)
    // The core's rule for the same effects, applied in memory, agrees.
    var walk = Walk(routeID: "visnjan", startedAt: Self.start)
    for effect in [
      Self.visit("1"), Self.visit("1", at: 99), Self.visit("1", at: 50), Self.visit("2", at: 60),
      Self.visit("3", route: "other"), .routeCompleted(routeID: "visnjan", at: Self.start + 70),
      .routeCompleted(routeID: "visnjan", at: Self.start + 80),
    ] {
      walk.apply(effect)
    }
    #expect(walk == expected)
    // Nothing is recorded without a walk.
    try store.stopWalk()
    try store.recordEffects([Self.visit("1")])
    #expect(try store.activeWalk() == nil)
  }

  @Test func importingTheRouteAgainMidWalkKeepsWhatWasReached() throws {
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route(points: 3))
    try store.startWalk(routeID: "visnjan", at: Self.start)
    try store.recordEffects([Self.visit("1"), Self.visit("3")])
    // The new version lacks point 3 and adds point 4.
    let changed = Fixtures.route(
      "visnjan", name: "Rund um Višnjan",
      [("1", "Ort 1", Self.origin), ("2", "Ort 2", Self.origin), ("4", "Ort 4", Self.origin)])
    #expect(try store.importRoute(changed) == .replaced)
    #expect(
      try store.activeWalk() == Walk(routeID: "visnjan", startedAt: Self.start, visited: ["1": Self.start]))
  }

  @Test func removingTheRouteUnderWayEndsTheWalk() throws {
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route())
    try store.startWalk(routeID: "visnjan", at: Self.start)
    try store.recordEffects([Self.visit("1")])
    try store.appendToTrack(Self.origin, at: Self.start)
    try store.removeRoute(id: "visnjan")
    #expect(try store.activeWalk() == nil)
    #expect(try store.walkTrack().isEmpty)
    // Nothing of the old walk lingers for a new route with the same point ids.
    try store.importRoute(Self.route())
    try store.startWalk(routeID: "visnjan", at: Self.start + 60)
    #expect(try store.activeWalk()?.visited.isEmpty == true)
  }

  @Test func theTrackKeepsPositionsInOrder() throws {
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route())
    try store.appendToTrack(Self.origin, at: Self.start)  // no walk: not kept
    try store.startWalk(routeID: "visnjan", at: Self.start)
    let north = Fixtures.coordinate(Self.origin, metresNorth: 10)
    try store.appendToTrack(Self.origin, at: Self.start + 1)
    try store.appendToTrack(north, at: Self.start + 2)
    #expect(
      try store.walkTrack() == [
        LocationFix(coordinate: Self.origin, timestamp: Self.start + 1),
        LocationFix(coordinate: north, timestamp: Self.start + 2),
      ])
  }

  @Test func anImportCarriesRoutesOnlyWhenItListsThem() throws {
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route("a"))
    try store.importRoute(Self.route("b"))
    try store.startWalk(routeID: "b", at: Self.start)
    try store.recordEffects([Self.visit("1", route: "b")])
    var state = try store.planningState(timeZone: Fixtures.zone("UTC"))
    #expect(state.routes == nil)
    // Not listed: the routes stay.
    try store.replaceAll(with: state)
    #expect(try store.routes().map(\.id) == ["a", "b"])
    // Listed: replaced, in the document's order; the walk on a route kept goes on.
    state.routes = [Self.route("c"), Self.route("b", points: 2)]
    try store.replaceAll(with: state)
    #expect(try store.routes() == [Self.route("c"), Self.route("b", points: 2)])
    #expect(try store.activeWalk()?.visited == ["1": Self.start])
    // The route under way gone: the walk ends.
    state.routes = []
    try store.replaceAll(with: state)
    #expect(try store.routes().isEmpty && store.activeWalk() == nil)
  }

  static let badWrites: [(name: String, write: @Sendable (SQLiteStore) throws -> Void)] = [
    ("a route with an empty name", { try $0.importRoute(route(name: "")) }),
    (
      "a point with an empty name",
      { try $0.importRoute(Fixtures.route("x", [("1", " ", RouteStoreTests.origin)])) }
    ),
    ("starting a missing route", { try $0.startWalk(routeID: "missing", at: start) }),
    ("removing a missing route", { try $0.removeRoute(id: "missing") }),
    (
      "an import with a bad route",
      { store in
        var state = try store.planningState(timeZone: Fixtures.zone("UTC"))
        state.routes = [route("fine"), route("bad", name: "")]
        try store.replaceAll(with: state)
      }
    ),
  ]

  /// A route that is not there is a record not found (the server answers 404), not bad input.
  @Test func aMissingRouteIsNotFound() throws {
    let store = try SQLiteStore.inMemory()
    let missing = RecordError.notFound("route missing", "no such route")
    #expect(throws: missing) { try store.removeRoute(id: "missing") }
    #expect(throws: missing) { try store.startWalk(routeID: "missing", at: Self.start) }
  }

  @Test(arguments: badWrites.indices)
  func aFailedWriteChangesNothing(index: Int) throws {
    let (name, write) = Self.badWrites[index]
    let store = try SQLiteStore.inMemory()
    try store.importRoute(Self.route())
    try store.startWalk(routeID: "visnjan", at: Self.start)
    try store.recordEffects([Self.visit("1")])
    let before = try store.dump()
    // Bad input is a FieldError, a missing route a RecordError (not found): either way, nothing changes.
    #expect("\(name)") { try write(store) } throws: { $0 is FieldError || $0 is RecordError }
    #expect(try store.dump() == before, "\(name)")
  }
}
