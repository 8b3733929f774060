import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// The anchors' false ENTER: a phone lying still reports fixes scattered around it, some from
/// cell towers with accuracies up to 1 500 m that land right on places far away. Fed through
/// `herald run --location stdin`, such a log notifies the point of interest the phone lies at
/// and nothing farther than the radius.
@Suite struct StationaryJitterTests {
  static let here = (latitude: 45.2763, longitude: 13.7198)
  static let start = 1_780_308_000.0  // 2026-06-01T10:00:00Z

  /// The point beside the phone (8 m) and points farther than the radius plus the largest
  /// accuracy taken (50 m): no fix the filter takes, off by no more than its stated accuracy,
  /// can come within 25 m of them.
  static let points: [(name: String, metres: Double, bearing: Double)] = [
    ("Bank", 8, 0.3), ("Brunnen", 80, 1.2), ("Kapelle", 150, 2.5), ("Turm", 400, 4.0), ("Hafen", 1_200, 5.5),
  ]

  /// 400 fixes a second apart: each off by at most its accuracy, in a random direction; GPS-like
  /// (3–12 m), Wi-Fi-like (15–50 m) and cell-like (60–1 500 m). Every tenth cell fix lands exactly
  /// on a far point, as a bad fix does.
  static func log(seed: UInt64, fixture: WalkFixture) -> [(
    line: String, fix: WalkFixture.Fix, accuracy: Double
  )] {
    var random = SeededGenerator(seed: seed)
    var cellFixes = 0
    return (0..<400).map { index in
      let kind = index == 0 ? 0 : Int.random(in: 0..<3, using: &random)
      let accuracy: Double
      switch kind {
      case 0: accuracy = Double.random(in: 3...12, using: &random)
      case 1: accuracy = Double.random(in: 15...50, using: &random)
      default:
        accuracy = exp(Double.random(in: Foundation.log(60.0)...Foundation.log(1_500.0), using: &random))
      }
      var position = Haversine.destination(
        here, metres: accuracy * Double.random(in: 0...1, using: &random),
        bearing: Double.random(in: 0..<(2 * .pi), using: &random))
      if kind == 2 {
        cellFixes += 1
        if cellFixes % 10 == 0 {
          let far = fixture.points[1 + cellFixes / 10 % (fixture.points.count - 1)]
          position = (far.latitude, far.longitude)
        }
      }
      let seconds = start + Double(index)
      let fix = LocationFix(
        coordinate: Fixtures.coordinate(position.0, position.1),
        timestamp: Date(timeIntervalSince1970: seconds),
        horizontalAccuracy: (accuracy * 10).rounded() / 10)
      return (
        FixLine.text(fix),
        WalkFixture.Fix(latitude: position.0, longitude: position.1, unixSeconds: Int(seconds)),
        (accuracy * 10).rounded() / 10
      )
    }
  }

  static var fixture: WalkFixture {
    WalkFixture(
      routeID: "still", name: "Still",
      points: points.enumerated().map { number, point in
        let spot = Haversine.destination(here, metres: point.metres, bearing: point.bearing)
        return WalkFixture.Point(
          id: "p\(number + 1)", name: point.name, latitude: spot.latitude, longitude: spot.longitude)
      })
  }

  static func run(_ log: [(line: String, fix: WalkFixture.Fix, accuracy: Double)], maxAccuracy: Double?)
    async throws
    -> PlaceRun
  {
    let db = try CLIDatabase()
    defer { db.remove() }
    try fixture.startWalk(in: db)
    let input = Data((log.map(\.line).joined(separator: "\n") + "\n").utf8)
    return try await PlaceRun(
      ["run", "--sink", "stdout", "--location", "stdin", "--database", db.path]
        + (maxAccuracy.map { ["--max-accuracy", String($0)] } ?? []),
      stdin: input, timeout: 60
    ) { _, log in log.contains { $0.contains("standard input ended") } }
  }

  @Test(.timeLimit(.minutes(2)))
  func onlyThePointWithinTheRadiusIsNotified() async throws {
    let log = Self.log(seed: 2_947, fixture: Self.fixture)
    // The log holds what makes false ENTERs: vague fixes within 25 m of far points.
    let farPoints = Self.fixture.points.dropFirst()
    let falseEnterMaterial = log.filter { entry in
      farPoints.contains {
        Haversine.metres(($0.latitude, $0.longitude), (entry.fix.latitude, entry.fix.longitude)) <= 25
      }
    }
    #expect(falseEnterMaterial.count >= 4)
    #expect(falseEnterMaterial.allSatisfy { $0.accuracy > 50 })
    // Expected from first principles: the fixes the 50 m filter takes, walked past the route.
    let taken = log.filter { $0.accuracy <= 50 }.map(\.fix)
    let expected = Self.fixture.expectedIDs(taken)
    #expect(expected == ["spot_Bank_1780308000"])
    let run = try await Self.run(log, maxAccuracy: nil)
    #expect(run.ids == expected, "\(run.errorText)")
    #expect(run.status == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func withoutTheAccuracyFilterTheSameLogWouldRaiseFalseEnters() async throws {
    // The control: taking every fix (up to 2 000 m) notifies far points the phone never neared,
    // so it is the filter, not a lucky log, that keeps them quiet.
    let log = Self.log(seed: 2_947, fixture: Self.fixture)
    let expected = Self.fixture.expectedIDs(log.map(\.fix))
    #expect(expected.count > 1)
    let run = try await Self.run(log, maxAccuracy: 2_000)
    #expect(run.ids == expected, "\(run.errorText)")
  }
}
