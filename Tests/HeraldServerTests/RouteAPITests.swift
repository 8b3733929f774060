import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// The route API in process (spec 004, issue 8): a route imported as JSON or GPX, read, walked,
/// stopped and removed, with the store's rules; bad input named by field and changing nothing.
@Suite struct RouteAPITests {
  /// Two points of interest in Berlin's Tiergarten, in the contract's JSON route.
  static let park = """
    {"id": "park", "name": "Tiergarten", "waypoints": [
      {"id": "a", "name": "Siegessäule", "latitude": 52.5145, "longitude": 13.3501},
      {"id": "b", "name": "Rosengarten", "latitude": 52.5127, "longitude": 13.3575}]}
    """

  @Test func aRouteIsImportedReadWalkedAndRemoved() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let created = try await harness.call(client, .post, "/api/v1/routes", json: Self.park)
      #expect(created.status == .created)
      let route = try #require(created.body as? [String: Any])
      #expect(route["id"] as? String == "park")
      #expect(route["name"] as? String == "Tiergarten")
      let points = try #require(route["waypoints"] as? [[String: Any]])
      #expect(points.map { $0["id"] as? String } == ["a", "b"])
      #expect(points.first?["latitude"] as? Double == 52.5145)
      #expect(route["walk"] == nil)

      // The same id again replaces it (the store's rule): 200, still one route.
      let renamed = Self.park.replacingOccurrences(of: "Tiergarten", with: "Park")
      #expect(try await harness.call(client, .post, "/api/v1/routes", json: renamed).status == .ok)
      let list = try #require(try await harness.call(client, .get, "/api/v1/routes").body as? [[String: Any]])
      #expect(list.map { $0["name"] as? String } == ["Park"])

      let started = try await harness.call(client, .post, "/api/v1/routes/park/start")
      #expect(started.status == .created)
      let walk = try #require(started.body as? [String: Any])
      #expect(walk["routeID"] as? String == "park")
      #expect(walk["visited"] as? [String] == [])
      #expect(walk["completed"] as? Bool == false)
      #expect(walk["startedAt"] as? String == "2026-11-23T07:00:00Z")
      #expect(walk["poiNotificationsEnabled"] as? Bool == true)
      #expect(try harness.store.activeWalk()?.routeID == "park")

      // A point reached (as the daemon records it); starting again resumes, keeping it.
      try harness.store.recordEffects([
        .placeVisited(routeID: "park", spotID: "b", at: ServerHarness.now + 60)
      ])
      let resumed = try await harness.call(client, .post, "/api/v1/routes/park/start")
      #expect(resumed.status == .ok)
      #expect((resumed.body as? [String: Any])?["visited"] as? [String] == ["b"])
      let read = try #require(
        try await harness.call(client, .get, "/api/v1/routes/park").body as? [String: Any])
      #expect((read["walk"] as? [String: Any])?["visited"] as? [String] == ["b"])
      let active = try await harness.call(client, .get, "/api/v1/walk")
      #expect((active.body as? [String: Any])?["routeID"] as? String == "park")

      // Restarting on purpose forgets what was reached.
      let restarted = try await harness.call(client, .post, "/api/v1/routes/park/start?restart=true")
      #expect(restarted.status == .created)
      #expect((restarted.body as? [String: Any])?["visited"] as? [String] == [])

      #expect(try await harness.call(client, .delete, "/api/v1/walk").status == .noContent)
      #expect(try harness.store.activeWalk() == nil)
      #expect(try await harness.call(client, .get, "/api/v1/walk").status == .notFound)
      #expect(try await harness.call(client, .delete, "/api/v1/walk").status == .noContent)

      #expect(try await harness.call(client, .delete, "/api/v1/routes/park").status == .noContent)
      #expect(try harness.store.routes().isEmpty)
      #expect(try await harness.call(client, .get, "/api/v1/routes/park").status == .notFound)
      #expect(try await harness.call(client, .delete, "/api/v1/routes/park").status == .notFound)
    }
  }

  @Test func removingTheWalkedRouteEndsItsWalk() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      _ = try await harness.call(client, .post, "/api/v1/routes", json: Self.park)
      _ = try await harness.call(client, .post, "/api/v1/routes/park/start")
      #expect(try await harness.call(client, .delete, "/api/v1/routes/park").status == .noContent)
      #expect(try await harness.call(client, .get, "/api/v1/walk").status == .notFound)
    }
  }

  @Test func aGPXDocumentIsImportedUnderTheIDTheQueryGives() async throws {
    let gpx = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <metadata><name>Tiergarten</name></metadata>
      <wpt lat="52.5145" lon="13.3501"><name>Siegessäule</name></wpt>
      <wpt lat="52.5127" lon="13.3575"><name>Rosengarten</name></wpt>
      </gpx>
      """
    let harness = try ServerHarness()
    defer { harness.remove() }
    var sent = harness.authorized
    sent[.contentType] = "application/gpx+xml"
    let headers = sent
    try await harness.test { client in
      let created = try await harness.call(
        client, .post, "/api/v1/routes?id=park", json: gpx, headers: headers)
      #expect(created.status == .created)
      let route = try #require(created.body as? [String: Any])
      // The contract: a GPX route's waypoint ids are their 1-based indexes.
      #expect((route["waypoints"] as? [[String: Any]])?.map { $0["id"] as? String } == ["1", "2"])
      #expect(
        (route["waypoints"] as? [[String: Any]])?.map { $0["name"] as? String } == [
          "Siegessäule", "Rosengarten",
        ])
      #expect(try harness.store.route(id: "park")?.waypoints.count == 2)

      let withoutID = try await harness.call(client, .post, "/api/v1/routes", json: gpx, headers: headers)
      #expect(withoutID.status == .unprocessableContent)
      #expect(((withoutID.body as? [String: Any])?["error"] as? [String: Any])?["field"] as? String == "id")
    }
  }

  /// (content type, path, body, status, field)
  static let badRoutes: [(String, String, String, HTTPResponse.Status, String?)] = [
    (
      "application/json", "/api/v1/routes",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "A", "latitude": 91, "longitude": 13}]}"#,
      .unprocessableContent, "waypoints[0].latitude"
    ),
    (
      "application/json", "/api/v1/routes", #"{"id": "r", "waypoints": []}"#, .unprocessableContent,
      "waypoints"
    ),
    (
      "application/json", "/api/v1/routes",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "A", "latitude": 52, "longitude": 13}, {"id": "a", "name": "B", "latitude": 52, "longitude": 13}]}"#,
      .unprocessableContent, "waypoints[1].id"
    ),
    (
      "application/json", "/api/v1/routes",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "", "latitude": 52, "longitude": 13}]}"#,
      .unprocessableContent, "waypoints[0].name"
    ),
    (
      "application/json", "/api/v1/routes",
      #"{"waypoints": [{"id": "a", "name": "A", "latitude": 52, "longitude": 13}]}"#, .badRequest, "id"
    ),
    (
      "application/json", "/api/v1/routes",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "A", "latitude": "52", "longitude": 13}]}"#,
      .badRequest, "waypoints[0].latitude"
    ),
    ("application/json", "/api/v1/routes", "{", .badRequest, nil),
    (
      "application/json", "/api/v1/routes?id=other",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "A", "latitude": 52, "longitude": 13}]}"#,
      .unprocessableContent, "id"
    ),
    (
      "application/gpx+xml", "/api/v1/routes?id=r", "<gpx><wpt lat=\"91\" lon=\"13\">", .unprocessableContent,
      nil
    ),
    ("application/gpx+xml", "/api/v1/routes?id=r", "not xml at all", .unprocessableContent, nil),
    ("application/json", "/api/v1/routes/nope/start", "", .notFound, "route nope"),
    ("application/json", "/api/v1/routes/nope", "", .notFound, "route nope"),
  ]

  @Test(arguments: badRoutes.indices)
  func aBadRouteNamesTheFieldAndChangesNothing(row: Int) async throws {
    let (contentType, path, body, status, field) = Self.badRoutes[row]
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let imported = try await harness.call(client, .post, "/api/v1/routes", json: Self.park)
      #expect(imported.status == .created)
      let started = try await harness.call(client, .post, "/api/v1/routes/park/start")
      #expect(started.status == .created)
    }
    try harness.store.recordEffects([.placeVisited(routeID: "park", spotID: "a", at: ServerHarness.now + 60)])
    let before = try harness.store.dump()
    var sent = harness.authorized
    sent[.contentType] = contentType
    let headers = sent
    let method: HTTPRequest.Method = path.hasSuffix("routes/nope") ? .delete : .post
    try await harness.test { client in
      let answer = try await harness.call(
        client, method, path, json: body.isEmpty ? nil : body, headers: headers)
      #expect(answer.status == status, "\(path) \(body)")
      let error = try #require((answer.body as? [String: Any])?["error"] as? [String: Any], "\(body)")
      if let field { #expect(error["field"] as? String == field, "\(body)") }
      let message = try #require(error["message"] as? String)
      #expect(!message.contains("\n"))
    }
    #expect(try harness.store.dump() == before, "\(path) \(body)")
    #expect(try harness.store.activeWalk()?.visited.keys.sorted() == ["a"])
  }
}
