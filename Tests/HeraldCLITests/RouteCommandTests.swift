import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// `herald route import/list/show/start/stop/remove`, `herald map`, and routes in `export`/`import`.
@Suite struct RouteCommandTests {
  static let gpxRoute = "examples/gpx/visnjan-route.gpx"
  static let jsonRoute = "examples/gpx/visnjan-route.json"

  @Test func importListShowStartStopAndRemove() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    #expect(try db.succeed(["route", "import", Self.gpxRoute]) == "visnjan-route\n")
    // The JSON form of the same route has the same id: imported again, it replaces it.
    #expect(try db.succeed(["route", "import", Self.jsonRoute]) == "visnjan-route\n")
    #expect(try db.succeed(["route", "list"]) == "visnjan-route  5 points  Rund um Višnjan\n")
    #expect(try db.succeed(["route", "start", "visnjan-route"]) == "walking visnjan-route: 0/5 reached\n")
    #expect(
      try db.succeed(["route", "start", "visnjan-route"]) == "still walking visnjan-route: 0/5 reached\n")
    #expect(
      try db.succeed(["route", "list"]) == "visnjan-route  5 points  Rund um Višnjan  0/5 reached\n")
    let shown = try db.succeed(["route", "show", "visnjan-route"])
    #expect(
      shown.split(separator: "\n").prefix(3) == [
        "visnjan-route  Rund um Višnjan  0/5 reached", "  1. Parkplatz  45.27350, 13.71415  [1]",
        "  2. Olivenhain  45.27835, 13.71607  [2]",
      ])
    // --json prints the contract's route document, which reads back to the same route.
    let json = try db.succeed(["route", "show", "visnjan-route", "--json"])
    #expect(
      try RouteDocument.decode(Data(json.utf8))
        == RouteFile.load(HeraldProcess.repositoryRoot.appendingPathComponent(Self.jsonRoute)))
    #expect(try db.succeed(["route", "stop"]) == "stopped visnjan-route: 0/5 reached\n")
    #expect(try db.succeed(["route", "stop"]) == "no walk under way\n")
    try db.succeed(["route", "remove", "visnjan-route"])
    #expect(try db.succeed(["route", "list"]).isEmpty)
  }

  @Test func exportAndImportCarryRoutesAndAReimportIsByteIdentical() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["import", "-"], stdin: CLIDatabase.exampleScenario)
    let withoutRoutes = try db.succeed(["export"])
    #expect(!withoutRoutes.contains("\"routes\""))
    try db.succeed(["route", "import", Self.gpxRoute])
    let exported = try db.succeed(["export"])
    #expect(exported.contains("\"routes\": ["))
    let other = try CLIDatabase()
    defer { other.remove() }
    try other.succeed(["import", "-"], stdin: exported)
    #expect(try other.succeed(["export"]) == exported)
    #expect(try other.succeed(["route", "list"]) == "visnjan-route  5 points  Rund um Višnjan\n")
  }

  @Test func aScenarioWithRoutesPlansExactlyAsWithout() throws {
    let scenario = try CLIDatabase.exampleScenario
    let route = try String(
      contentsOf: HeraldProcess.repositoryRoot.appendingPathComponent(Self.jsonRoute), encoding: .utf8)
    let withRoutes = try #require(scenario.range(of: "{")).upperBound
    var extended = scenario
    extended.insert(contentsOf: "\n  \"routes\": [\(route)],", at: withRoutes)
    let plain = try HeraldProcess.temporaryFile(scenario)
    let routed = try HeraldProcess.temporaryFile(extended)
    for limits in ["ios", "unlimited"] {
      let arguments = ["plan", "--now", "2026-11-22T12:00:00Z", "--limits", limits, "--scenario"]
      let a = try HeraldProcess.run(arguments + [plain])
      let b = try HeraldProcess.run(arguments + [routed])
      #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
      #expect(a.stdout == b.stdout)
    }
    // A bad route in a scenario is named by its path.
    let bad = extended.replacingOccurrences(of: "\"latitude\": 45.27350", with: "\"latitude\": 91")
    let result = try HeraldProcess.run([
      "plan", "--now", "2026-11-22T12:00:00Z", "--scenario", HeraldProcess.temporaryFile(bad),
    ])
    #expect(result.status != 0 && result.stdout.isEmpty)
    #expect(result.stderr == "error: routes[0].waypoints[0].latitude: 91.0 is outside −90…90\n")
  }

  @Test func theMapIsAStandaloneSVGOfTheRoute() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["route", "import", Self.gpxRoute])
    let file = db.directory.path("map.svg")
    try db.succeed(["map", "visnjan-route", "--svg", file])
    let svg = try String(contentsOfFile: file, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("1. Parkplatz") && svg.contains("5. Steinmauer"))
    #expect(try db.succeed(["map", "visnjan-route", "--svg", "-"]) == svg)
    let missing = try db.run(["map", "nowhere", "--svg", file])
    #expect(missing.status != 0 && missing.stderr == "error: route nowhere: no such route\n")
  }
}
