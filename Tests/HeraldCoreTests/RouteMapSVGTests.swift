import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The map as a standalone SVG: well-formed whatever the names hold, nothing fetched or run,
/// points reached and not, the track, the position, a scale bar.
@Suite struct RouteMapSVGTests {
  static let origin = Fixtures.coordinate(45.2735, 13.71415)
  static let route = Fixtures.route(
    "walk", name: "Rund um <Višnjan> & \"mehr\"",
    [
      ("1", "Parkplatz", origin), ("2", "Bäcker's \u{1}Laden", Fixtures.coordinate(origin, metresNorth: 400)),
      ("3", "Turm </text><script>alert(1)</script>", Fixtures.coordinate(origin, metresNorth: 900)),
    ])

  static func wellFormed(_ svg: String) -> Bool {
    XMLParser(data: Data(svg.utf8)).parse()
  }

  @Test func namesAreEscapedAndTheDocumentIsWellFormed() {
    let svg = RouteMapSVG(route: Self.route).document
    #expect(Self.wellFormed(svg))
    #expect(svg.contains("<title>Rund um &lt;Višnjan&gt; &amp; &quot;mehr&quot;</title>"))
    #expect(svg.contains("2. Bäcker&#39;s \u{FFFD}Laden"))
    #expect(svg.contains("3. Turm &lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!svg.contains("<script"))
  }

  @Test func standaloneWithNothingToFetchOrRun() {
    let svg = RouteMapSVG(
      route: Self.route, track: [Self.origin, Fixtures.coordinate(Self.origin, metresNorth: 50)]
    )
    .document
    // The namespace is the only URL; no links, images, styles from elsewhere, scripts or handlers.
    #expect(svg.components(separatedBy: "http").count == 2)
    for forbidden in ["<script", "<image", "href", "<foreignObject", "onload", "onclick", "@import", "url("] {
      #expect(!svg.contains(forbidden), "\(forbidden)")
    }
  }

  @Test func reachedAndNotTheTrackAndThePosition() {
    let track = [0.0, 200, 400, 420].map { Fixtures.coordinate(Self.origin, metresNorth: $0) }
    let svg = RouteMapSVG(
      route: Self.route, visited: ["1", "2"], track: track, position: track.last, highlighted: "2"
    ).document
    #expect(Self.wellFormed(svg))
    #expect(svg.components(separatedBy: #"class="poi visited""#).count - 1 == 2)
    #expect(svg.components(separatedBy: #"class="poi unvisited""#).count - 1 == 1)
    #expect(svg.contains(#"<polyline class="track""#))
    #expect(svg.contains(#"class="position""#))
    #expect(svg.contains(#"class="highlight""#))
    // Nothing walked: no track, no position.
    let fresh = RouteMapSVG(route: Self.route).document
    #expect(!fresh.contains("polyline") && !fresh.contains(#"class="position""#))
  }

  @Test func theScaleBarIsARoundLengthTrueToTheDrawing() throws {
    // Points 900 m apart north–south: the bar is a round length in metres.
    let svg = RouteMapSVG(route: Self.route).document
    let label = try #require(svg.firstMatch(of: /<g class="scale">.*?>(\d+) (m|km)<\/text>/))
    let metres = try #require(Double(label.1)) * (label.2 == "km" ? 1000 : 1)
    #expect([100.0, 200, 500, 1000].contains(metres))
    // The bar's pixels per metre are the drawing's: the markers of points 1 and 3 lie 900 m apart.
    let bar = try #require(svg.firstMatch(of: /<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"/))
    let barPixels = try #require(Double(bar.2)) - (try #require(Double(bar.1)))
    let markers = svg.matches(of: /<circle cx="[\d.]+" cy="([\d.]+)" r="7"/).compactMap { Double($0.1) }
    try #require(markers.count == 3)
    let metresApart = Self.route.waypoints[0].coordinate.distance(to: Self.route.waypoints[2].coordinate)
    #expect(abs(barPixels / metres - abs(markers[0] - markers[2]) / metresApart) < 0.001)
    // A single point still gets a drawing and a scale.
    let solo = RouteMapSVG(route: Fixtures.route("one", [("1", "Allein", Self.origin)])).document
    #expect(Self.wellFormed(solo) && solo.contains(#"<g class="scale">"#))
  }

  @Test(arguments: Language.allCases)
  func theLegendSpeaksTheUsersLanguage(language: Language) {
    let svg = RouteMapSVG(route: Self.route, language: language).document
    #expect(svg.contains(Texts(language).mapVisited) && svg.contains(Texts(language).mapTrack))
  }
}
