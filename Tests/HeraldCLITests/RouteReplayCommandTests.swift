import Foundation
import HeraldTestSupport
import Testing

/// `herald route replay` end to end, on the recorded Višnjan track (contracts/plan.md).
@Suite struct RouteReplayCommandTests {
  let track = "examples/gpx/around-visnjan-with-car.gpx"

  @Test(arguments: ["examples/gpx/visnjan-route.gpx", "examples/gpx/visnjan-route.json"])
  func visitsEveryPointOnceThenCompletesOnce(route: String) throws {
    let result = try HeraldProcess.run(["route", "replay", "--route", route, "--track", track])
    #expect(result.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["routeID"] as? String == "visnjan-route")
    #expect(document["visited"] as? Int == 5)
    let events = try #require(document["events"] as? [[String: Any]])
    #expect(
      events.map { $0["type"] as? String } == ["spot", "spot", "spot", "spot", "spot", "routeCompleted"])
    #expect(events.compactMap { $0["spotID"] as? String } == ["1", "2", "3", "4", "5"])
    #expect(events.first?["id"] as? String == "spot_Parkplatz_1608272150")
    #expect(events.first?["at"] as? String == "2020-12-18T06:15:50Z")
    #expect(events.last?["id"] as? String == "route_completed_1608272545")
  }

  @Test func poiNotificationsOffStillCountsVisitsButPrintsNothing() throws {
    let result = try HeraldProcess.run([
      "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track", track,
      "--poi-notifications", "off",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"visited\": 5"))
    #expect(result.stdout.contains("\"events\": []"))
  }

  @Test func englishTextsAndASmallRadius() throws {
    let result = try HeraldProcess.run([
      "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track", track, "--locale", "en",
      "--radius", "1",
    ])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("routeCompleted"))
  }

  @Test func aTrackPointOutsideTheGlobeNamesFileElementAndProblem() throws {
    let gpx = """
      <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="45.0" lon="13.0"><time>2020-12-18T06:15:50Z</time></trkpt>
      <trkpt lat="95.0" lon="13.0"><time>2020-12-18T06:16:50Z</time></trkpt>
      </trkseg></trk></gpx>
      """
    let path = try HeraldProcess.temporaryFile(gpx, suffix: ".gpx")
    let result = try HeraldProcess.run([
      "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track", path,
    ])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "error: \(path): <trkpt> 2: lat: 95.0 is outside −90…90 (line 3)\n")
  }

  static let badRoutes: [(content: String, problem: String)] = [
    ("<html></html>", "not a GPX document"),
    ("not xml at all", "not well-formed XML"),
    (#"<gpx version="1.1"></gpx>"#, "<wpt>: none found"),
  ]

  @Test(arguments: badRoutes)
  func badRouteFiles(content: String, problem: String) throws {
    let path = try HeraldProcess.temporaryFile(content, suffix: ".gpx")
    let result = try HeraldProcess.run(["route", "replay", "--route", path, "--track", track])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(path) && result.stderr.contains(problem), "stderr was: \(result.stderr)")
  }

  @Test func trackPointsWithoutTimeAreSkipped() throws {
    let gpx = """
      <?xml version="1.0"?><gpx version="1.0"><trk><trkseg>
      <trkpt lat="45.27350" lon="13.71415"></trkpt>
      </trkseg></trk></gpx>
      """
    let path = try HeraldProcess.temporaryFile(gpx, suffix: ".gpx")
    let result = try HeraldProcess.run([
      "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track", path,
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"visited\": 0"))
  }
}
