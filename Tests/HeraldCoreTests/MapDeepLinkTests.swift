import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// Spec 004: tapping a place notification opens the map on its route and spot,
/// as `herald://map?route=…&spot=…`.
@Suite struct MapDeepLinkTests {
  @Test func rendersRouteAndSpot() {
    #expect(
      MapDeepLink(routeID: "tiergarten", spotID: "gate").description
        == "herald://map?route=tiergarten&spot=gate")
    #expect(MapDeepLink(routeID: "tiergarten").description == "herald://map?route=tiergarten")
  }

  @Test func escapesEverythingButUnreservedCharacters() {
    let link = MapDeepLink(routeID: "Alte Brücke & Co", spotID: "a=b?c#d/e+f%g")
    #expect(
      link.description == "herald://map?route=Alte%20Br%C3%BCcke%20%26%20Co&spot=a%3Db%3Fc%23d%2Fe%2Bf%25g")
    #expect(MapDeepLink(routeID: "A-z_0.9~").description == "herald://map?route=A-z_0.9~")
  }

  @Test(arguments: [
    MapDeepLink(routeID: "tiergarten", spotID: "gate"),
    MapDeepLink(routeID: "tiergarten"),
    MapDeepLink(routeID: "Alte Brücke & Co", spotID: "a=b?c#d/e+f%g&spot=x"),
    MapDeepLink(routeID: "route=spot", spotID: "&"),
    MapDeepLink(routeID: "Straße 😀", spotID: "日本"),
  ])
  func roundTrips(link: MapDeepLink) {
    #expect(MapDeepLink(link.description) == link)
  }

  @Test func anyNonEmptyIDsRoundTrip() async {
    let characters = Array("aZ09 -._~&=?#%+/:@!$'()*,;[]éß日😀\u{0301}\t")
    let ids = Gen<Character?>.element(of: characters).compactMap { $0 }.string(of: 1...12)
    await propertyCheck(input: ids, ids.optional) { route, spot in
      let link = MapDeepLink(routeID: route, spotID: spot)
      #expect(MapDeepLink(link.description) == link, "\(link.description)")
      // A rendered link is a single URL: nothing a parser would split on survives unescaped.
      let query = link.description.dropFirst("herald://map?".count)
      #expect(query.split(separator: "&").count == (spot == nil ? 1 : 2))
      #expect(URL(string: link.description) != nil)
    }
  }

  @Test func parsesParametersInAnyOrder() {
    #expect(
      MapDeepLink("herald://map?spot=gate&route=tiergarten")
        == MapDeepLink(routeID: "tiergarten", spotID: "gate"))
  }

  @Test(arguments: [
    "https://map?route=tiergarten",
    "herald://list?route=tiergarten",
    "herald://map?spot=gate",
    "herald://map?",
    "herald://map?route",
    "",
  ])
  func rejectsWhatIsNotAMapLinkWithARoute(text: String) {
    #expect(MapDeepLink(text) == nil)
  }

  @Test func eventsCarryTheirLink() throws {
    let origin = Fixtures.coordinate(52.516_275, 13.377_704)
    let route = Fixtures.route("spree tour", [("s 1", "Museumsinsel", origin)])
    var monitor = ProximityMonitor(route: route)
    let events = monitor.process(
      LocationFix(coordinate: origin, timestamp: Date(timeIntervalSince1970: 0)), notificationsEnabled: true)
    try #require(events.count == 2)
    #expect(
      events[0].notification.content.userInfo["deepLink"] == "herald://map?route=spree%20tour&spot=s%201")
    #expect(events[0].deepLink == MapDeepLink(routeID: "spree tour", spotID: "s 1"))
    #expect(events[1].deepLink == MapDeepLink(routeID: "spree tour"))
  }
}
