import Foundation
import HeraldTestSupport
import Testing

/// GPX files that are damaged or hostile, and output that cannot be written: each is one line on
/// stderr naming the file and the problem, exit status 1, nothing on stdout.
@Suite struct HostileFileTests {
  static let route = HeraldProcess.repositoryRoot.appendingPathComponent("examples/gpx/visnjan-route.gpx")
    .path
  static let track = HeraldProcess.repositoryRoot.appendingPathComponent(
    "examples/gpx/around-visnjan-with-car.gpx"
  ).path

  static func refused(
    route: String = route, track: String = track, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try HeraldProcess.run(["route", "replay", "--route", route, "--track", track])
    #expect(result.status == 1, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  static let waypoint = #"<wpt lat="45.2735" lon="13.71415"><name>Parkplatz</name></wpt>"#

  // swift-format-ignore: LineLength
  static let hostileGPX: [(document: String, message: String)] = [
    (
      #"<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><gpx>\#(waypoint)<name>&b;</name></gpx>"#,
      "not well-formed XML: a document type declaration (<!DOCTYPE …>) is not allowed: GPX needs none, and Herald neither expands entity declarations nor fetches anything they name (line 1)"
    ),
    (
      #"<!DOCTYPE gpx SYSTEM "http://example.com/x.dtd"><gpx>\#(waypoint)</gpx>"#,
      "a document type declaration (<!DOCTYPE …>) is not allowed"
    ),
    (
      "<gpx>\n<wpt lat=\"45.2735\" lon=\"13.71415\"><name>&xxe;</name></wpt></gpx>",
      "not well-formed XML: the entity &xxe; is not defined: GPX files have no DTD, so only &lt; &gt; &amp; &quot; &apos; and character references are allowed (line 2)"
    ),
    (
      "<gpx>\(waypoint)",
      "the file ends inside <gpx>: it is cut off (a document counts only when its root element is closed)"
    ),
    (
      "<gpx>\n\(waypoint)\n<wpt lat=\"45.27835\" lon=\"13.71",
      "the file ends inside markup: it is cut off (line 3)"
    ),
    ("<gpx><wpt lat=\"1\" lon=\"2\"><name>x</wpt></gpx>", "</wpt> where </name> was expected"),
    ("<gpx>\(waypoint)</gpx><gpx/>", "a second root element <gpx>"),
    ("<gpx>\(waypoint)</gpx>trailing", "text after the root element"),
    (
      "<gpx><wpt lat=\"1\" lat=\"2\" lon=\"3\"><name>x</name></wpt></gpx>", "the attribute lat is given twice"
    ),
    (
      "<gpx>\n<wpt lat=\"95\" lon=\"13\"><name>x</name></wpt></gpx>",
      "<wpt> 1: lat: 95.0 is outside −90…90 (line 2)"
    ),
    ("", "no root element: the file is empty or holds no XML element"),
    ("<kml/>", "not a GPX document (root element <kml>)"),
    (
      #"<?xml version="1.0" encoding="ISO-8859-1"?><gpx/>"#,
      "the encoding ISO-8859-1 is not supported; GPX files are read as UTF-8"
    ),
  ]

  @Test(arguments: hostileGPX)
  func aHostileOrDamagedRouteIsRefused(_ bad: (document: String, message: String)) throws {
    let file = try HeraldProcess.temporaryFile(bad.document, suffix: ".gpx")
    try Self.refused(route: file, message: "\(file): ")
    try Self.refused(route: file, message: bad.message)
  }

  /// A track cut off anywhere is an error, never a shorter track whose route "completes".
  @Test(arguments: [0.25, 0.5, 0.75, 0.999])
  func aTrackCutOffAnywhereIsAnError(_ fraction: Double) throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.track))
    let cut = whole.prefix(Int(Double(whole.count) * fraction))
    let file = try HeraldProcess.temporaryFile("", suffix: ".gpx")
    try cut.write(to: URL(fileURLWithPath: file))
    try Self.refused(track: file, message: "it is cut off")
  }

  @Test func aDirectoryAsTrackIsSaidInPlainWords() throws {
    try Self.refused(
      track: FileManager.default.temporaryDirectory.path, message: "is a directory, not a file")
  }

  /// `herald export > /dev/full` must not look like a good backup; nor `plan` or `route replay`.
  @Test(arguments: ["export", "plan", "route"])
  func aFailedWriteToStandardOutputIsAnError(_ command: String) throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    try database.succeed(["import", "-"], stdin: try CLIDatabase.exampleScenario)
    let arguments: [String]
    switch command {
    case "export": arguments = ["export", "--database", database.path]
    case "plan":
      let scenario = HeraldProcess.repositoryRoot.appendingPathComponent("examples/scenario.json").path
      arguments = ["plan", "--scenario", scenario, "--now", "2026-11-22T12:00:00Z"]
    default: arguments = ["route", "replay", "--route", Self.route, "--track", Self.track]
    }
    let result = try HeraldProcess.runToDevFull(arguments)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: writing to standard output: no space left on device; the disk is full; nothing complete was written\n"
    )
  }
}
