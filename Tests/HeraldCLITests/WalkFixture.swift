import Foundation
import HeraldTestSupport
import Testing

/// A route written by a test, and the notifications a walk past it must raise, worked out in the
/// test from first principles (contracts/plan.md: haversine on the mean Earth radius; a point is
/// reached by the first fix within the radius; several on one fix in route order; the completion
/// after the last).
struct WalkFixture {
  struct Point {
    var id: String
    var name: String
    var latitude: Double
    var longitude: Double
  }

  struct Fix {
    var latitude: Double
    var longitude: Double
    var unixSeconds: Int
  }

  var routeID: String
  var name: String
  var points: [Point]

  /// The contract's JSON route.
  var json: String {
    let waypoints = points.map { point in
      #"{"id":"\#(point.id)","name":"\#(point.name)","latitude":\#(point.latitude),"longitude":\#(point.longitude)}"#
    }
    return #"{"id":"\#(routeID)","name":"\#(name)","waypoints":[\#(waypoints.joined(separator: ","))]}"#
  }

  /// Imports the route into `db` (through `herald route import`) and starts walking it.
  func startWalk(in db: CLIDatabase) throws {
    let file = db.directory.path("\(routeID).json")
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    try db.succeed(["route", "import", file])
    try db.succeed(["route", "start", routeID])
  }

  /// The ids of the notifications `fixes` raise, in order, with a radius of `radius` metres.
  func expectedIDs(_ fixes: [Fix], radius: Double = 25) -> [String] {
    var reached = Set<String>()
    var ids: [String] = []
    for fix in fixes where reached.count < points.count {
      for point in points where !reached.contains(point.id) {
        let metres = Haversine.metres(
          (point.latitude, point.longitude), (fix.latitude, fix.longitude))
        if metres <= radius {
          reached.insert(point.id)
          ids.append("spot_\(point.name)_\(fix.unixSeconds)")
        }
      }
      if reached.count == points.count { ids.append("route_completed_\(fix.unixSeconds)") }
    }
    return ids
  }

  /// The smallest distance from `point` to any of `fixes`, in metres.
  static func closest(_ point: (Double, Double), _ fixes: [Fix]) -> Double {
    fixes.map { Haversine.metres(point, ($0.latitude, $0.longitude)) }.min() ?? .infinity
  }

  /// The timed track points of a GPX file, read with a pattern of the test's own.
  static func trackFixes(_ path: String) throws -> [Fix] {
    let text = try String(
      contentsOf: HeraldProcess.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let formatter = ISO8601DateFormatter()
    return text.matches(of: /<trkpt lat="([-\d.]+)" lon="([-\d.]+)">.*?<time>([^<]+)<\/time>/).compactMap {
      match in
      guard let latitude = Double(match.1), let longitude = Double(match.2),
        let time = formatter.date(from: String(match.3))
      else { return nil }
      return Fix(latitude: latitude, longitude: longitude, unixSeconds: Int(time.timeIntervalSince1970))
    }
  }
}

/// `herald run` until the test has seen what it waits for, then SIGTERM.
/// (Unchecked: the parsed lines are JSON values, which are never shared mutably.)
struct PlaceRun: @unchecked Sendable {
  var ids: [String] = []
  var lines: [[String: Any]] = []
  var errorLines: [String] = []
  var status: Int32 = 0

  /// Runs `herald` with `arguments` (and `stdin`), until `done` says so of the delivery lines
  /// and the log so far, or `timeout` seconds pass.
  init(
    _ arguments: [String], stdin: Data? = nil, timeout: Double,
    until done: @escaping @Sendable ([String], [String]) -> Bool
  ) async throws {
    let daemon = try StreamingProcess(arguments, stdin: stdin)
    let deadline = Date().addingTimeInterval(timeout)
    // The log is watched apart from stdout: a source that ends says so only there.
    // It stops the daemon however it ends: done, past the timeout, or cancelled with the test.
    let watcher = Task {
      while Date() < deadline, !Task.isCancelled, !done([], daemon.standardError.map(\.text)) {
        try? await Task.sleep(for: .milliseconds(50))
      }
      daemon.terminate()
    }
    for await line in daemon.lines {
      let parsed = (try? JSONSerialization.jsonObject(with: Data(line.text.utf8))) as? [String: Any]
      if let parsed {
        lines.append(parsed)
        ids.append(parsed["id"] as? String ?? "?")
      }
      if done(ids, daemon.standardError.map(\.text)) { daemon.terminate() }
    }
    watcher.cancel()
    status = await daemon.waitForExit()
    errorLines = daemon.standardError.map(\.text)
  }

  var errorText: String { errorLines.suffix(30).joined(separator: "\n") }
}
