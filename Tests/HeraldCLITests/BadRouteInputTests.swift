import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Bad route files and location options: one line on stderr naming the file, the element and the
/// problem, a non-zero exit, nothing on stdout, and the database as it was (a walk under way
/// included).
@Suite struct BadRouteInputTests {
  static let secret = "herald-secret-\(UUID().uuidString)"

  /// (file content, suffix, what stderr must say after `error: FILE: `)
  // swift-format-ignore: LineLength
  static let badFiles: [(content: String, suffix: String, message: String)] = [
    (
      "<gpx version=\"1.1\"><wpt lat=\"45\" lon=\"13\"><name>x</nam></wpt></gpx>", ".gpx",
      "not well-formed XML: </nam> where </name> was expected (line 1)"
    ),
    ("<html></html>", ".gpx", "not a GPX document (root element <html>)"),
    (
      #"<gpx version="1.1"></gpx>"#, ".gpx", "<wpt>: none found: a route needs at least one point of interest"
    ),
    (
      #"<gpx version="1.1"><wpt lat="91" lon="13"><name>Nord</name></wpt></gpx>"#, ".gpx",
      "<wpt> 1: lat: 91.0 is outside −90…90"
    ),
    (
      #"<gpx version="1.1"><wpt lat="NaN" lon="13"><name>x</name></wpt></gpx>"#, ".gpx",
      "<wpt> 1: lat: nan is outside −90…90"
    ),
    (#"<gpx version="1.1"><wpt lat="45" lon="13"></wpt></gpx>"#, ".gpx", "<wpt> 1: name: missing"),
    (#"{"id":"r","waypoints":[]}"#, ".json", "waypoints: a route needs at least one point of interest"),
    (
      #"{"id":"r","waypoints":[{"id":"1","name":"x","latitude":91,"longitude":13}]}"#, ".json",
      "waypoints[0].latitude: 91.0 is outside −90…90"
    ),
    (
      #"{"id":"r","waypoints":[{"id":"1","name":"x","latitude":NaN,"longitude":13}]}"#, ".json",
      "waypoints[0].latitude: not valid JSON: unexpected 'N' where a value was expected (line 1, column 56)"
    ),
    (
      #"{"id":"r","waypoints":[{"id":"1","name":"x","latitude":"45","longitude":13}]}"#, ".json",
      "waypoints[0].latitude: expected a number"
    ),
    (
      #"{"id":"","waypoints":[{"id":"1","name":"x","latitude":45,"longitude":13}]}"#, ".json",
      "id: must not be empty"
    ),
    (
      #"{"id":"r","waypoints":[{"id":"1","name":"","latitude":45,"longitude":13}]}"#, ".json",
      "waypoints[0].name: must not be empty"
    ),
  ]

  /// A database with a route being walked, a point reached.
  static func walkingDatabase() throws -> CLIDatabase {
    let db = try CLIDatabase()
    try db.succeed(["route", "import", "examples/gpx/visnjan-route.gpx"])
    try db.succeed(["route", "start", "visnjan-route"])
    return db
  }

  @Test(arguments: badFiles)
  func aBadRouteFileIsOneLineNamingFileAndElementAndChangesNothing(
    content: String, suffix: String, message: String
  ) throws {
    let db = try Self.walkingDatabase()
    defer { db.remove() }
    let before = try db.snapshot()
    let path = try HeraldProcess.temporaryFile(content, suffix: suffix)
    let result = try db.run(["route", "import", path])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(path): \(message)"), "stderr was: \(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try db.snapshot() == before)
  }

  /// Entity tricks: the billion laughs (exponential expansion) and an external entity reading a
  /// local file. Whatever the GPX reader says of them, it refuses them: one line naming the
  /// file, nothing stored, the file's content nowhere. (The exact message is the hardened GPX
  /// reader's, issue 10.)
  @Test(arguments: ["laughs", "external"])
  func entityTricksAreRefusedAndLeakNothing(kind: String) throws {
    let db = try Self.walkingDatabase()
    defer { db.remove() }
    let secretFile = db.directory.path("secret.txt")
    try Data(Self.secret.utf8).write(to: URL(fileURLWithPath: secretFile))
    let levels = (1...9).map { level in
      "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let doctype =
      kind == "laughs"
      ? "<!DOCTYPE gpx [<!ENTITY lol0 \"lol\">\(levels.joined())]>"
      : "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"file://\(secretFile)\">]>"
    let name = kind == "laughs" ? "&lol9;" : "&xxe;"
    let gpx = """
      <?xml version="1.0"?>\(doctype)<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">\
      <wpt lat="45.2735" lon="13.7141"><name>\(name)</name></wpt></gpx>
      """
    let path = try HeraldProcess.temporaryFile(gpx, suffix: ".gpx")
    let before = try db.snapshot()
    let clock = ContinuousClock()
    let started = clock.now
    let result = try db.run(["route", "import", path])
    #expect(clock.now - started < .seconds(10))
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(path): "), "stderr was: \(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(!result.stderr.contains(Self.secret))
    #expect(try db.snapshot() == before)
  }

  /// A GPX file cut off before its root element closes is refused, never read as a shorter route.
  @Test func aGPXFileCutOffIsRefused() throws {
    let db = try Self.walkingDatabase()
    defer { db.remove() }
    let before = try db.snapshot()
    let path = try HeraldProcess.temporaryFile(
      #"<gpx version="1.1"><wpt lat="45" lon="13"><name>x</name></wpt>"#, suffix: ".gpx")
    let result = try db.run(["route", "import", path])
    let after = try db.snapshot()
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(path): "), "stderr was: \(result.stderr)")
    #expect(result.stderr.contains("cut off"), "stderr was: \(result.stderr)")
    #expect(after == before)
  }

  // A file that cannot be read is found once the daemon starts, after the sinks: those runs print
  // to stdout, so that the error is the file's wherever the tests run (with a desktop or without).
  // swift-format-ignore: LineLength
  static let badRuns: [(arguments: [String], message: String)] = [
    (
      ["run", "--location", "satellite"],
      "error: --location: expected gpsd, gpsd:HOST:PORT, gpx:FILE or stdin, got \"satellite\""
    ),
    (
      ["run", "--location", "gpsd:127.0.0.1:99999"],
      "error: --location: expected gpsd:HOST:PORT with a port 1–65535"
    ),
    (["run", "--location", "gpsd::2947"], "error: --location: expected gpsd:HOST:PORT with a port 1–65535"),
    (
      ["run", "--sink", "stdout", "--location", "gpx:/does/not/exist.gpx"],
      "error: /does/not/exist.gpx: no such file"
    ),
    (
      ["run", "--sink", "stdout", "--location", "gpx:examples/scenario.json"],
      "error: \(HeraldProcess.repositoryRoot.path)/examples/scenario.json: not well-formed XML"
    ),
    (
      ["run", "--location", "stdin", "--max-accuracy", "0"],
      "error: --max-accuracy: expected metres > 0, got 0.0"
    ),
    (
      ["run", "--location", "gpx:examples/gpx/around-visnjan-with-car.gpx", "--replay-speed", "0"],
      "error: --replay-speed: expected a positive number, got 0.0"
    ),
    (["route", "start", "nowhere"], "error: route nowhere: no such route"),
    (["route", "remove", "nowhere"], "error: route nowhere: no such route"),
    (["route", "show", "nowhere"], "error: route nowhere: no such route"),
    (["route", "import", "/does/not/exist.gpx"], "error: /does/not/exist.gpx: no such file"),
    (["map", "visnjan-route"], "error: --svg: required unless --open is given"),
  ]

  @Test(arguments: badRuns)
  func aBadOptionIsOneLineAndChangesNothing(arguments: [String], message: String) throws {
    let db = try Self.walkingDatabase()
    defer { db.remove() }
    let before = try db.snapshot()
    let result = try db.run(arguments)
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message), "stderr was: \(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try db.snapshot() == before)
  }
}
