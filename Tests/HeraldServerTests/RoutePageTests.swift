import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import HeraldServer

/// The Route page (spec 004, issue 8): the stored routes with start buttons when none is walked;
/// the map, the places reached or not and the POI setting while one is; names shown as text.
@Suite struct RoutePageTests {
  static let hostile = #"<b>&"x"</b>"#

  /// A route whose first place has a hostile name, stored in `harness`.
  static func storeRoute(_ harness: ServerHarness) throws {
    let route = try Route(
      id: "park", name: "Tiergarten",
      waypoints: [
        PointOfInterest(
          id: "a", name: hostile, coordinate: try Coordinate(latitude: 52.5145, longitude: 13.3501)),
        PointOfInterest(
          id: "b", name: "Rosengarten", coordinate: try Coordinate(latitude: 52.5127, longitude: 13.3575)),
      ])
    try harness.store.importRoute(route)
  }

  static func get(_ client: some TestClientProtocol, _ path: String, cookie: String? = nil) async throws
    -> (status: HTTPResponse.Status, headers: HTTPFields, body: String)
  {
    var headers: HTTPFields = [:]
    if let cookie { headers[.cookie] = cookie }
    return try await client.execute(uri: path, method: .get, headers: headers) {
      ($0.status, $0.headers, String(buffer: $0.body))
    }
  }

  @Test func withoutAWalkThePageListsTheRoutesWithAStartButtonThatStartsOne() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try Self.storeRoute(harness)
    try await harness.test { client in
      let (status, headers, html) = try await Self.get(client, "/route")
      #expect(status == .ok)
      #expect(html.contains("Keine Route aktiv."))
      #expect(html.contains("Tiergarten"))
      #expect(html.contains("action=\"/route/start\""))
      #expect(html.contains("name=\"route\" value=\"park\""))
      #expect(!html.contains("/route/map.svg"))
      #expect(try await Self.get(client, "/route/map.svg").status == .notFound)

      // The start button, as a browser posts it: with the form token of its cookie.
      let cookie = try #require(headers[.setCookie]?.split(separator: ";").first.map(String.init))
      let token = try #require(html.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
      let (posted, location) = try await client.execute(
        uri: "/route/start", method: .post,
        headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "_form=\(token)&route=park")
      ) { ($0.status, $0.headers[.location]) }
      #expect(posted == .seeOther)
      #expect(location == "/route")
      #expect(try harness.store.activeWalk()?.routeID == "park")

      // Without the token nothing starts.
      _ = try harness.store.stopWalk()
      let forged = try await client.execute(
        uri: "/route/start", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "route=park")
      ) { $0.status }
      #expect(forged == .forbidden)
      #expect(try harness.store.activeWalk() == nil)
    }
  }

  @Test func withoutAnyRouteThePageSaysHowToImportOne() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let html = try await Self.get(client, "/route").body
      #expect(html.contains("Keine Route gespeichert."))
      #expect(html.contains("POI-Benachrichtigungen"))
    }
  }

  @Test func theWalkedRouteShowsItsMapItsPlacesAndThePOISetting() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try Self.storeRoute(harness)
    try harness.store.startWalk(routeID: "park", at: ServerHarness.now)
    try harness.store.recordEffects([.placeVisited(routeID: "park", spotID: "b", at: ServerHarness.now + 60)])
    try await harness.test { client in
      let (status, _, html) = try await Self.get(client, "/route")
      #expect(status == .ok)
      #expect(html.contains("<img src=\"/route/map.svg"))
      #expect(html.contains("1 von 2 Orten erreicht"))
      let open = try #require(html.firstMatch(of: /<li class="open" data-id="a">.*?<\/li>/))
      #expect(open.0.contains("noch nicht erreicht"))
      let reached = try #require(html.firstMatch(of: /<li class="visited" data-id="b">.*?<\/li>/))
      #expect(reached.0.contains("Rosengarten") && reached.0.contains("erreicht"))
      #expect(html.contains("id=\"poi-enabled\">an<"))
      #expect(html.contains("action=\"/route/stop\""))

      let (mapStatus, mapHeaders, svg) = try await Self.get(client, "/route/map.svg")
      #expect(mapStatus == .ok)
      #expect(mapHeaders[.contentType]?.hasPrefix("image/svg+xml") == true)
      #expect(mapHeaders[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
      #expect(svg.hasPrefix("<?xml"))
      #expect(svg.contains("Rosengarten"))
      #expect(!svg.contains("<script"))
    }
    var settings = try harness.store.settings()
    settings.poiNotificationsEnabled = false
    try harness.store.setSettings(settings, language: .en)
    try await harness.test { client in
      let html = try await Self.get(client, "/route").body
      #expect(html.contains("<html lang=\"en\">"))
      #expect(html.contains("1 of 2 places reached"))
      #expect(html.contains("POI notifications"))
      #expect(html.contains("id=\"poi-enabled\">off<"))
      #expect(html.contains("still recorded"))
    }
  }

  @Test func aPlaceNameIsTextOnThePageAndInTheMap() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try Self.storeRoute(harness)
    try harness.store.startWalk(routeID: "park", at: ServerHarness.now)
    try await harness.test { client in
      let html = try await Self.get(client, "/route").body
      #expect(!html.contains("<b>&"))
      #expect(html.contains("&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;"))
      let svg = try await Self.get(client, "/route/map.svg").body
      #expect(!svg.contains("<b>"))
      #expect(svg.contains("&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;"))
      // Still one well-formed XML document.
      let parser = XMLParser(data: Data(svg.utf8))
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
  }
}
