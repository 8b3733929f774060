import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// A walk survives kills: `herald run --location gpx:…` replays the recorded track past 24 points
/// of interest and is SIGKILLed at random moments, again and again; each restart replays the
/// track from its beginning and resumes the walk from the store. Every point is notified, the
/// completion comes once, and a notification is repeated only where a kill fell between showing
/// it and recording it (the killed run's last line) — the daemon's rule for every reminder.
///
/// The schedule of kills comes from a printed seed; `HERALD_CRASH_SEED=N` replays it.
@Suite struct PlacesCrashTests {
  static let track = "examples/gpx/around-visnjan-with-car.gpx"
  /// The recorded 8½ minutes in about 13 seconds.
  static let speed = 40.0

  /// A point on every fourth fix of the walk (the track's driven end left out), names repeated.
  static func fixture(_ fixes: [WalkFixture.Fix]) -> WalkFixture {
    let points = stride(from: 2, to: 98, by: 4).enumerated().map { number, index in
      WalkFixture.Point(
        id: "p\(number + 1)", name: "Ort \(number % 9)", latitude: fixes[index].latitude,
        longitude: fixes[index].longitude)
    }
    return WalkFixture(routeID: "chaos", name: "Chaos", points: points)
  }

  /// One notification line, by what it is about.
  struct Notified: Hashable {
    var run: Int
    var line: Int
    var about: String  // a spot id, or "completed"
  }

  @Test(.timeLimit(.minutes(6)))
  func killedAtRandomTheWalkResumesAndNothingIsAnnouncedTwice() async throws {
    let seed =
      ProcessInfo.processInfo.environment["HERALD_CRASH_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let fixes = try WalkFixture.trackFixes(Self.track)
    let fixture = Self.fixture(fixes)
    let expected = fixture.expectedIDs(fixes)
    try #require(expected.count == fixture.points.count + 1)
    // Kills: some right after a notification (a random pause of up to 3 ms, into the
    // show-and-record cycle), some at a random moment of the run.
    let kills: [ChaosSchedule.Kill] = (0..<7).map { _ in
      Bool.random(using: &random)
        ? .afterDelivered(
          Int.random(in: 1...3, using: &random), pauseMicroseconds: Int.random(in: 0...3_000, using: &random))
        : .duringStartup(milliseconds: Int.random(in: 200...4_000, using: &random))
    }
    print("PlacesCrashTests: seed \(seed) (replay with HERALD_CRASH_SEED=\(seed)); kills \(kills)")

    let db = try CLIDatabase()
    defer { db.remove() }
    try fixture.startWalk(in: db)
    let arguments = [
      "run", "--sink", "stdout", "--location", "gpx:\(Self.track)", "--replay-speed", "\(Self.speed)",
      "--database", db.path,
    ]
    var runs: [DaemonRun] = []
    var seen = Set<String>()
    let deadline = Date().addingTimeInterval(200)
    for kill in kills {
      // `afterDelivered` counts lines of this run: make it "n more than seen so far". Past the
      // last notification it could never come (the run would wait for the deadline): then the
      // kill falls at a moment of the run instead.
      var thisKill = kill
      if case .afterDelivered(let more, let pause) = kill {
        thisKill =
          seen.count + more <= expected.count
          ? .afterDelivered(seen.count + more, pauseMicroseconds: pause)
          : .duringStartup(milliseconds: 200 + pause)
      }
      runs.append(try await DaemonRun(arguments, speed: 1, until: thisKill, seen: &seen, deadline: deadline))
    }
    // The last run goes on until the completion has been shown.
    let last = try await PlaceRun(arguments + [], timeout: 60) { ids, _ in
      ids.contains { $0.hasPrefix("route_completed_") }
    }

    // What every run printed, by what it was about.
    var notified: [Notified] = []
    for (number, run) in runs.enumerated() {
      for (index, line) in run.lines.enumerated() where line.isComplete {
        guard let about = Self.about(line.text) else {
          Issue.record("run \(number + 1), line \(index + 1) is not a delivery line: \(line.text)")
          continue
        }
        notified.append(Notified(run: number, line: index, about: about))
      }
    }
    for (index, line) in last.lines.enumerated() {
      let about = (line["userInfo"] as? [String: String]).flatMap {
        $0["type"] == "spot" ? $0["spotID"] : "completed"
      }
      notified.append(Notified(run: runs.count, line: index, about: about ?? "?"))
    }
    let byTopic = Dictionary(grouping: notified, by: \.about)
    // Every point, and the completion, and nothing else.
    #expect(Set(byTopic.keys) == Set(fixture.points.map(\.id) + ["completed"]), "\(last.errorText)")
    // Once each, unless a kill fell between showing and recording: then that showing is the killed
    // run's last whole line, and a later run shows it again — which a kill can catch the same way
    // (two kills in a row right after the first line did, in CI). So every showing but the last
    // ends a killed run, and each repeat costs a kill.
    var repeats = 0
    for (topic, shows) in byTopic where shows.count > 1 {
      repeats += shows.count - 1
      for shown in shows.dropLast() {
        let killedRun = shown.run < runs.count ? runs[shown.run] : nil
        #expect(
          killedRun?.killed == true && shown.line == killedRun?.lastCompleteLine,
          "\(topic): line \(shown.line + 1) of run \(shown.run + 1), shown \(shows.count) times")
      }
    }
    #expect(repeats <= runs.filter(\.killed).count)
    #expect(last.status == 0, "\(last.errorText)")
    // The store has the walk complete, every point reached once.
    let walk = try #require(try SQLiteStore(path: db.path).activeWalk())
    #expect(Set(walk.visited.keys) == Set(fixture.points.map(\.id)))
    #expect(walk.isCompleted)
    print(
      """
      PlacesCrashTests summary (seed \(seed)): \(runs.count + 1) runs, \(runs.filter(\.killed).count) kills, \
      \(notified.count) notification lines for \(fixture.points.count) points and the completion, \
      \(repeats) repeated (a kill between showing and recording)
      """)
  }

  /// What a delivery line is about: its spot, or "completed".
  static func about(_ text: String) -> String? {
    guard let object = try? JSONValue.parse(Data(text.utf8)), case .object? = object["userInfo"] else {
      return nil
    }
    guard case .string(let type)? = object["userInfo"]?["type"] else { return nil }
    if type == "routeCompleted" { return "completed" }
    guard case .string(let spot)? = object["userInfo"]?["spotID"] else { return nil }
    return spot
  }
}
