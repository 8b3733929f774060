import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// `herald run --location gpsd:…` against a real gpsd (gpsfake, fed an NMEA log the test writes):
/// a walk past four points of interest notifies each and then the completion, in order; when gpsd
/// goes away mid-walk and comes back, the daemon reconnects, sends one `?WATCH` per connection,
/// and misses nothing of what comes after.
///
/// Needs `gpsfake` (Debian: gpsd, gpsd-clients); `.ci/run` installs it and sets
/// `HERALD_REQUIRE_GPSD=1`, so that CI cannot skip these tests.
@Suite(
  .enabled(if: Gpsfake.executable != nil || ProcessInfo.processInfo.environment["HERALD_REQUIRE_GPSD"] == "1")
)
struct GPSDDaemonTests {
  static let origin = (latitude: 45.2735, longitude: 13.7141)
  static let walkStart = Date(timeIntervalSince1970: 1_780_308_000)  // 2026-06-01T10:00:00Z

  /// Four points due north of the origin, one of them 12 m east of the way.
  static let fixture = WalkFixture(
    routeID: "gpsd-walk", name: "Nordweg",
    points: [(50.0, 0.0), (150, 12), (250, 0), (350, 0)].enumerated().map { number, offset in
      let north = Haversine.destination(origin, metres: offset.0, bearing: 0)
      let spot = Haversine.destination(north, metres: offset.1, bearing: .pi / 2)
      return WalkFixture.Point(
        id: "\(number + 1)", name: ["Brunnen", "Kirche", "Turm", "Tor"][number], latitude: spot.latitude,
        longitude: spot.longitude)
    })

  /// `count` fixes a second apart 500 m south of the way (so nothing is reached) before `time`:
  /// they play while the daemon connects.
  static func leadIn(count: Int, before time: Date) -> [(latitude: Double, longitude: Double, time: Date)] {
    let away = Haversine.destination(origin, metres: 500, bearing: .pi)
    return (0..<count).map { (away.latitude, away.longitude, time.addingTimeInterval(Double($0 - count))) }
  }

  /// The walk: a fix a second, 5 m north each, from `from` to `to` metres north of the origin.
  static func walk(from: Double, to: Double, startingAt time: Date) -> [(
    latitude: Double, longitude: Double, time: Date
  )] {
    stride(from: from, through: to, by: 5).enumerated().map { index, metres in
      let point = Haversine.destination(origin, metres: metres, bearing: 0)
      return (point.latitude, point.longitude, time.addingTimeInterval(Double(index)))
    }
  }

  /// Writes the NMEA log; returns its path and the walk's fixes as gpsd reports them.
  static func writeLog(
    _ db: CLIDatabase, _ name: String, leadIn: [(latitude: Double, longitude: Double, time: Date)],
    walk: [(latitude: Double, longitude: Double, time: Date)]
  ) throws -> (String, [WalkFixture.Fix]) {
    let (text, seen) = NMEALog.sentences(leadIn + walk)
    let path = db.directory.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let walkFixes = seen.suffix(walk.count).map {
      WalkFixture.Fix(
        latitude: $0.latitude, longitude: $0.longitude, unixSeconds: Int($0.time.timeIntervalSince1970))
    }
    return (path, walkFixes)
  }

  @Test(.timeLimit(.minutes(2)))
  func aWalkPastFourPointsNotifiesEachThenTheCompletionInOrder() async throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try Self.fixture.startWalk(in: db)
    let (log, walkFixes) = try Self.writeLog(
      db, "walk.nmea", leadIn: Self.leadIn(count: 250, before: Self.walkStart),
      walk: Self.walk(from: -20, to: 375, startingAt: Self.walkStart))
    let expected = Self.fixture.expectedIDs(walkFixes)
    #expect(expected.count == 5)
    let port = try TCPTestServer.freePort()
    let gpsfake = try Gpsfake(log: log, port: port, output: db.directory.path("gpsfake.log"))
    defer { gpsfake.stop() }
    let run = try await PlaceRun(
      ["run", "--sink", "stdout", "--location", "gpsd:127.0.0.1:\(port)", "--database", db.path], timeout: 60
    ) { ids, _ in ids.count >= expected.count }
    #expect(run.ids == expected, "\(run.errorText)")
    #expect(run.lines.map { $0["category"] as? String } == ["poi", "poi", "poi", "poi", "route-completed"])
    #expect(run.lines.first?["body"] as? String == "Du bist bei Brunnen.")
    #expect(run.status == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func gpsdStoppedAndRestartedMidWalkIsReconnectedWithOneWatchPerConnectionAndNothingMissed() async throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try Self.fixture.startWalk(in: db)
    // Part one reaches the first two points; part two, after gpsd was gone, the other two.
    let secondStart = Self.walkStart.addingTimeInterval(600)
    let (firstLog, firstFixes) = try Self.writeLog(
      db, "first.nmea", leadIn: Self.leadIn(count: 250, before: Self.walkStart),
      walk: Self.walk(from: -20, to: 190, startingAt: Self.walkStart))
    let (secondLog, secondFixes) = try Self.writeLog(
      db, "second.nmea", leadIn: Self.leadIn(count: 300, before: secondStart),
      walk: Self.walk(from: 190, to: 375, startingAt: secondStart))
    let expected = Self.fixture.expectedIDs(firstFixes + secondFixes)
    #expect(expected.count == 5)
    #expect(Self.fixture.expectedIDs(firstFixes).count == 2)

    let gpsdPort = try TCPTestServer.freePort()
    let relay = try TCPRelay(upstream: gpsdPort)
    defer { relay.stop() }
    let gpsfake = Locked<Gpsfake?>(
      try Gpsfake(log: firstLog, port: gpsdPort, output: db.directory.path("gpsfake-1.log")))
    defer { gpsfake.value?.stop() }
    // Once the first two points are notified, gpsd is stopped; two seconds later it is back,
    // playing the rest of the walk.
    let restarted = Locked<Task<Void, any Error>?>(nil)
    let run = try await PlaceRun(
      ["run", "--sink", "stdout", "--location", "gpsd:127.0.0.1:\(relay.port)", "--database", db.path],
      timeout: 90
    ) { ids, _ in
      if ids.count >= 2, restarted.value == nil {
        restarted.value = Task.detached {
          gpsfake.value?.stop()
          try await Task.sleep(for: .seconds(2))
          gpsfake.value = try Gpsfake(
            log: secondLog, port: gpsdPort, output: db.directory.path("gpsfake-2.log"))
        }
      }
      return ids.count >= expected.count
    }
    try await restarted.value?.value

    #expect(run.ids == expected, "\(run.errorText)")
    let connections = relay.linesByConnection
    #expect(connections.count >= 2)
    for (number, lines) in connections.sorted(by: { $0.key < $1.key }) {
      #expect(lines == [#"?WATCH={"enable":true,"json":true}"#], "connection \(number) sent \(lines)")
    }
    // Said once: the outage, the pause, the return — during the walk. (Once gpsfake's log has
    // ended, gpsd is silent: a daemon that the busy test stops 10 s later rightly says so too.)
    let walkLog = run.errorLines.prefix { !$0.contains("id=completion") }
    #expect(walkLog.filter { $0.contains("reconnecting") }.count == 1, "\(run.errorText)")
    #expect(walkLog.filter { $0.contains("place notifications paused") }.count == 1, "\(run.errorText)")
    #expect(walkLog.filter { $0.contains("connected again") }.count == 1, "\(run.errorText)")
  }
}
