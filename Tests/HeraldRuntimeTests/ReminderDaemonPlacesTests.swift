import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Logging
import Testing

/// Spec 004 on the daemon: fixes for the walk under way become spot and completion notifications
/// on the sinks, decided like every reminder; what they record survives restarts; another process
/// (a CLI command) changing the setting or the walk is seen on the next fix.
@Suite struct ReminderDaemonPlacesTests {
  static let origin = Fixtures.coordinate(45.2735, 13.71415)
  static let start = Fixtures.instant("2026-06-01T10:00:00Z")  // 1780308000
  /// Points 0, 100 and 200 m north of the origin.
  static let route = Fixtures.route(
    "walk", name: "Runde",
    [
      ("1", "Brunnen", origin), ("2", "Kirche", Fixtures.coordinate(origin, metresNorth: 100)),
      ("3", "Turm", Fixtures.coordinate(origin, metresNorth: 200)),
    ])

  static func fix(_ metres: Double, at seconds: Double, accuracy: Double? = 5) -> LocationFix {
    LocationFix(
      coordinate: Fixtures.coordinate(origin, metresNorth: metres), timestamp: start + seconds,
      horizontalAccuracy: accuracy)
  }

  /// A database file with the route imported and walked, opened twice: once for the daemon, once
  /// as a command would (another connection, so the daemon sees its changes as another process's).
  struct Setup {
    let directory: TemporaryDirectory
    let store: SQLiteStore
    let command: SQLiteStore
    let clock = ManualClock(now: ReminderDaemonPlacesTests.start + 3600)
    let recorder = DeliveryRecorder()
    let logs = LogRecorder()

    init() throws {
      directory = try TemporaryDirectory()
      store = try SQLiteStore(path: directory.path("herald.sqlite"))
      command = try SQLiteStore(path: directory.path("herald.sqlite"))
      try command.importRoute(ReminderDaemonPlacesTests.route)
      try command.startWalk(routeID: "walk", at: ReminderDaemonPlacesTests.start)
    }

    func daemon() -> ReminderDaemon {
      ReminderDaemon(
        store: store, clock: clock, zones: FixedTimeZoneSource(Fixtures.zone("UTC")),
        sinks: [StdoutSink(write: recorder.write)], logger: logs.logger())
    }
  }

  @Test func eachPointIsNotifiedOnceThenTheCompletionWithTheContractsIdsAndTexts() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let daemon = setup.daemon()
    for (metres, seconds) in [
      (-50.0, 0.0), (3, 10), (0, 20), (60, 30), (95, 40), (101, 41), (150, 50), (190, 60),
    ] {
      try await daemon.handle(Self.fix(metres, at: seconds))
    }
    #expect(
      setup.recorder.ids == [
        "spot_Brunnen_1780308010", "spot_Kirche_1780308040", "spot_Turm_1780308060",
        "route_completed_1780308060",
      ])
    let lines = setup.recorder.lines
    #expect(lines.map { $0["category"] as? String } == ["poi", "poi", "poi", "route-completed"])
    #expect(lines.first?["title"] as? String == "Ort erreicht")
    #expect(lines.first?["body"] as? String == "Du bist bei Brunnen.")
    #expect(lines.last?["title"] as? String == "Route abgeschlossen")
    #expect(lines.last?["body"] as? String == "Du hast alle 3 Orte von Runde besucht.")
    // Shown when the fix arrived, never late; the payload names route and spot, no coordinates.
    #expect(lines.allSatisfy { $0["late"] as? Bool == false })
    #expect(lines.first?["fireDate"] as? String == "2026-06-01T11:00:00Z")
    #expect(
      lines.first?["userInfo"] as? [String: String] == [
        "type": "spot", "routeID": "walk", "spotID": "1", "deepLink": "herald://map?route=walk&spot=1",
      ])
    #expect(
      lines.last?["userInfo"] as? [String: String] == [
        "type": "routeCompleted", "routeID": "walk", "deepLink": "herald://map?route=walk",
      ])
    // Stored with the deliveries.
    let walk = try #require(try setup.command.activeWalk())
    #expect(walk.visited == ["1": Self.start + 10, "2": Self.start + 40, "3": Self.start + 60])
    #expect(walk.completedAt == Self.start + 60)
    #expect(try setup.command.deliveries().map(\.requestID).sorted() == setup.recorder.ids.sorted())
    // Each with the channel that took it (standard output, which the recorder reads).
    let channels = try setup.command.deliveries().map(\.channels)
    #expect(channels.allSatisfy { $0 == ["stdout"] }, "\(channels)")
    // Nothing more, wherever the walker goes.
    try await daemon.handle(Self.fix(0, at: 70))
    #expect(setup.recorder.ids.count == 4)
  }

  @Test func thePOISettingIsReadOnEveryFixAndVisitsCountWhileItIsOff() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let daemon = setup.daemon()
    try await daemon.handle(Self.fix(0, at: 0))
    try setup.command.set(.poiNotificationsEnabled, .bool(false))
    try await daemon.handle(Self.fix(100, at: 10))
    #expect(setup.recorder.ids == ["spot_Brunnen_1780308000"])
    #expect(try setup.command.activeWalk()?.visited.keys.sorted() == ["1", "2"])
    try setup.command.set(.poiNotificationsEnabled, .bool(true))
    try await daemon.handle(Self.fix(100, at: 15))  // Kirche again: recorded, so nothing
    try setup.command.set(.poiNotificationsEnabled, .bool(false))
    // The last point reached while off: completion detected, stored, not announced, then or later.
    try await daemon.handle(Self.fix(200, at: 20))
    try setup.command.set(.poiNotificationsEnabled, .bool(true))
    try await daemon.handle(Self.fix(200, at: 30))
    #expect(setup.recorder.ids == ["spot_Brunnen_1780308000"])
    #expect(try setup.command.activeWalk()?.completedAt == Self.start + 20)
  }

  @Test func aRestartedDaemonResumesTheWalkAndRepeatsNothing() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try await setup.daemon().handle(Self.fix(0, at: 0))
    let restarted = setup.daemon()
    try await restarted.handle(Self.fix(1, at: 5))
    try await restarted.handle(Self.fix(100, at: 10))
    #expect(setup.recorder.ids == ["spot_Brunnen_1780308000", "spot_Kirche_1780308010"])
  }

  @Test func startingOrImportingTheRouteAgainMidWalkAnnouncesNothingTwice() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let daemon = setup.daemon()
    try await daemon.handle(Self.fix(0, at: 0))
    // A command re-adds the geofences, as it were: the classic cause of a second ENTER.
    #expect(try setup.command.startWalk(routeID: "walk", at: Self.start + 5) == .resumed)
    #expect(try setup.command.importRoute(Self.route) == .replaced)
    try await daemon.handle(Self.fix(0, at: 10))
    try await daemon.handle(Self.fix(100, at: 20))
    try await daemon.handle(Self.fix(200, at: 30))
    #expect(
      setup.recorder.ids == [
        "spot_Brunnen_1780308000", "spot_Kirche_1780308020", "spot_Turm_1780308030",
        "route_completed_1780308030",
      ])
    // The route stopped, then started anew: a new walk notifies again.
    try setup.command.startWalk(routeID: "walk", at: Self.start + 40, restart: true)
    try await daemon.handle(Self.fix(0, at: 50))
    #expect(setup.recorder.ids.last == "spot_Brunnen_1780308050")
  }

  @Test func vagueFixesAndFixesGoingBackInTimeAreIgnored() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let daemon = setup.daemon()
    try await daemon.handle(Self.fix(0, at: 0, accuracy: 50.5))
    try await daemon.handle(Self.fix(0, at: 1, accuracy: 1_500))
    #expect(setup.recorder.ids.isEmpty)
    try await daemon.handle(Self.fix(-80, at: 10, accuracy: 50))
    try await daemon.handle(Self.fix(0, at: 9, accuracy: 3))  // older than the last taken
    #expect(setup.recorder.ids.isEmpty)
    try await daemon.handle(Self.fix(0, at: 11, accuracy: nil))
    #expect(setup.recorder.ids == ["spot_Brunnen_1780308011"])
  }

  @Test func withoutAWalkFixesChangeNothing() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try setup.command.stopWalk()
    let daemon = setup.daemon()
    try await daemon.handle(Self.fix(0, at: 0))
    #expect(setup.recorder.ids.isEmpty)
    #expect(await daemon.walkMonitor == nil)
    // A walk started meanwhile is picked up on the next fix.
    try setup.command.startWalk(routeID: "walk", at: Self.start)
    try await daemon.handle(Self.fix(0, at: 5))
    #expect(setup.recorder.ids == ["spot_Brunnen_1780308005"])
  }

  @Test func aSilentSourcePausesTheWalkOnceUntilFixesReturn() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let daemon = setup.daemon()
    try await daemon.start()
    await daemon.locationUnavailable("gpsd 127.0.0.1:2947: sent nothing for 10 s")
    await daemon.locationUnavailable("gpsd 127.0.0.1:2947: connection refused")
    guard case .paused? = await daemon.walkMonitor?.status else {
      Issue.record("not paused")
      return
    }
    #expect(setup.logs.messages.filter { $0.contains("place notifications paused") }.count == 1)
    try await daemon.handle(Self.fix(0, at: 0))
    #expect(await daemon.walkMonitor?.status == .monitoring)
    #expect(setup.recorder.ids == ["spot_Brunnen_1780308000"])
    #expect(setup.logs.messages.filter { $0.contains("resumed") }.count == 1)
  }

  @Test func theTrackKeepsAPositionEveryFewMetresForTheMap() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let daemon = setup.daemon()
    for step in 0...20 { try await daemon.handle(Self.fix(-100 + 2 * Double(step), at: Double(step))) }
    // 21 fixes 2 m apart: the first, then one at least 5 m on from the last kept: every third.
    #expect(
      try setup.command.walkTrack().map(\.timestamp) == [0, 3, 6, 9, 12, 15, 18].map { Self.start + $0 })
  }
}
