import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The recorded walk near Višnjan (`examples/gpx`, from gpxpy's test files) replayed through
/// `herald run --location gpx:…`, past points of interest placed on and off the track — some
/// within a metre of the 25 m radius, inside and outside. What the daemon prints is compared with
/// what the test works out itself from the track, by haversine.
@Suite struct RecordedTrackDaemonTests {
  static let track = "examples/gpx/around-visnjan-with-car.gpx"

  /// Points at given smallest distances from the track: each is placed off one track point at a
  /// right angle to the way walked there, then kept only if its smallest distance to every fix
  /// falls in the band asked for.
  static func placed(
    _ bands: [(name: String, band: ClosedRange<Double>)], fixes: [WalkFixture.Fix]
  ) -> [WalkFixture.Point] {
    var points: [WalkFixture.Point] = []
    var start = 3
    for (number, wanted) in bands.enumerated() {
      search: for index in stride(from: start, to: fixes.count - 1, by: 1) {
        let here = fixes[index]
        let next = fixes[index + 1]
        let heading = atan2(next.longitude - here.longitude, next.latitude - here.latitude)
        for side in [Double.pi / 2, -Double.pi / 2] {
          let target = (wanted.band.lowerBound + wanted.band.upperBound) / 2
          let spot = Haversine.destination(
            (here.latitude, here.longitude), metres: target, bearing: heading + side)
          guard wanted.band.contains(WalkFixture.closest(spot, fixes)) else { continue }
          points.append(
            WalkFixture.Point(
              id: "p\(number + 1)", name: wanted.name, latitude: spot.latitude, longitude: spot.longitude))
          start = index + 7
          break search
        }
      }
    }
    return points
  }

  static func replay(_ fixture: WalkFixture) async throws -> (PlaceRun, [String]) {
    let db = try CLIDatabase()
    defer { db.remove() }
    try fixture.startWalk(in: db)
    let run = try await PlaceRun(
      [
        "run", "--sink", "stdout", "--location", "gpx:\(track)", "--replay-speed", "400", "--database",
        db.path,
      ],
      timeout: 60
    ) { _, log in log.contains { $0.contains("GPX replay ended") } }
    let stored = try SQLiteStore(path: db.path).activeWalk()
    return (run, stored.map { $0.visited.keys.sorted() } ?? [])
  }

  @Test(.timeLimit(.minutes(2)))
  func pointsOnAndOffTheTrackAndAtTheRadiusAreNotifiedAsHaversineSays() async throws {
    let fixes = try WalkFixture.trackFixes(Self.track)
    try #require(fixes.count == 104)
    let points = Self.placed(
      [
        ("Auf dem Weg", 0...1), ("Knapp drin", 24.0...24.9), ("Knapp draußen", 25.1...26.0),
        ("Am Rand", 24.2...24.95), ("Daneben", 25.05...25.9), ("Weit weg", 45...60),
      ], fixes: fixes)
    try #require(points.count == 6, "could not place every point: \(points.map(\.name))")
    let fixture = WalkFixture(routeID: "am-rand", name: "Am Rand", points: points)
    let expected = fixture.expectedIDs(fixes)
    // Three reached (on the track, just inside twice), three not: no completion.
    #expect(expected.count == 3)
    #expect(expected.allSatisfy { $0.hasPrefix("spot_") })
    let (run, visited) = try await Self.replay(fixture)
    #expect(run.ids == expected, "\(run.errorText)")
    #expect(visited == ["p1", "p2", "p4"])
    #expect(run.lines.allSatisfy { $0["late"] as? Bool == false })
    #expect(run.status == 0, "\(run.errorText)")
  }

  @Test(.timeLimit(.minutes(2)))
  func everyPointReachedCompletesOnceAtTheLastOne() async throws {
    let fixes = try WalkFixture.trackFixes(Self.track)
    let points = Self.placed(
      [("Start", 0...3), ("Kurve", 10...20), ("Knapp", 24.0...24.9), ("Ende", 0...5)], fixes: fixes)
    try #require(points.count == 4)
    let fixture = WalkFixture(routeID: "ganz", name: "Ganz", points: points)
    let expected = fixture.expectedIDs(fixes)
    #expect(expected.count == 5 && expected.last?.hasPrefix("route_completed_") == true)
    let (run, visited) = try await Self.replay(fixture)
    #expect(run.ids == expected, "\(run.errorText)")
    #expect(visited == ["p1", "p2", "p3", "p4"])
  }
}
