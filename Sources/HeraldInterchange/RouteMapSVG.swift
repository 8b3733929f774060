import Foundation
import HeraldCore

/// A route's map as a standalone SVG: its points of interest (reached or not, labelled), the walked
/// track, the current position and a scale bar. No tiles, no network, no script: it opens in any
/// browser or image viewer, offline, and shows nothing it was not given.
public struct RouteMapSVG: Sendable {
  /// The route drawn.
  public var route: Route
  /// Ids of the points reached.
  public var visited: Set<String>
  /// The positions walked, oldest first.
  public var track: [Coordinate]
  /// Where the walker is; `nil` when unknown.
  public var position: Coordinate?
  /// A point to ring (the spot a notification named).
  public var highlighted: String?
  /// Metres of each point's region, drawn around it.
  public var radius: Double
  /// The legend's language.
  public var language: Language

  /// A map of `route`; everything else is optional.
  public init(
    route: Route, visited: Set<String> = [], track: [Coordinate] = [], position: Coordinate? = nil,
    highlighted: String? = nil, radius: Double = ProximityMonitor.defaultRadius, language: Language = .de
  ) {
    self.route = route
    self.visited = visited
    self.track = track
    self.position = position
    self.highlighted = highlighted
    self.radius = radius
    self.language = language
  }

  /// The drawing's width in pixels; the height follows the area's shape.
  public static let width = 800.0

  /// The SVG document, ending in a newline.
  public var document: String {
    let projection = Projection(route.waypoints.map(\.coordinate) + track + (position.map { [$0] } ?? []))
    let texts = Texts(language)
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(Self.width))" height="\(n(projection.height))" \
      viewBox="0 0 \(n(Self.width)) \(n(projection.height))" font-family="sans-serif" font-size="13">
      <title>\(XMLText.escaped(route.name))</title>
      <rect width="100%" height="100%" fill="#f7f5ef"/>

      """
    if track.count > 1 {
      let points = track.map { point in
        let (x, y) = projection.xy(point)
        return "\(n(x)),\(n(y))"
      }
      out += """
        <polyline class="track" points="\(points.joined(separator: " "))" fill="none" stroke="#d9534f" \
        stroke-width="3" stroke-linejoin="round" stroke-linecap="round" opacity="0.8"/>

        """
    }
    for (index, point) in route.waypoints.enumerated() {
      let (x, y) = projection.xy(point.coordinate)
      let reached = visited.contains(point.id)
      let ring = max(2, radius * projection.pixelsPerMetre)
      out += """
        <g class="poi \(reached ? "visited" : "unvisited")">\
        <circle cx="\(n(x))" cy="\(n(y))" r="\(n(ring))" fill="\(reached ? "#5cb85c" : "#999999")" \
        fill-opacity="0.15" stroke="none"/>\
        <circle cx="\(n(x))" cy="\(n(y))" r="7" fill="\(reached ? "#3c8d3c" : "#ffffff")" \
        stroke="\(reached ? "#2b662b" : "#555555")" stroke-width="2"/>\
        <text x="\(n(x + 16))" y="\(n(y + 4))" fill="#222222" stroke="#f7f5ef" stroke-width="3" paint-order="stroke">\(index + 1). \(XMLText.escaped(point.name))</text>\
        </g>

        """
      if point.id == highlighted {
        out += """
          <circle class="highlight" cx="\(n(x))" cy="\(n(y))" r="13" fill="none" stroke="#f0ad4e" stroke-width="3"/>

          """
      }
    }
    if let position {
      let (x, y) = projection.xy(position)
      out += """
        <circle class="position" cx="\(n(x))" cy="\(n(y))" r="8" fill="#337ab7" stroke="#ffffff" stroke-width="3"/>

        """
    }
    out += scaleBar(projection) + legend(texts) + "</svg>\n"
    return out
  }

  /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) about a quarter of the width, bottom left.
  private func scaleBar(_ projection: Projection) -> String {
    let target = Self.width / 4 / projection.pixelsPerMetre
    let magnitude = pow(10, (log10(max(target, 1e-3))).rounded(.down))
    let metres = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= target } ?? magnitude
    let length = metres * projection.pixelsPerMetre
    let label = metres >= 1000 ? "\(n(metres / 1000)) km" : "\(n(metres)) m"
    let y = projection.height - 20
    return """
      <g class="scale"><line x1="20" y1="\(n(y))" x2="\(n(20 + length))" y2="\(n(y))" stroke="#222222" \
      stroke-width="3"/><line x1="20" y1="\(n(y - 6))" x2="20" y2="\(n(y + 6))" stroke="#222222" \
      stroke-width="2"/><line x1="\(n(20 + length))" y1="\(n(y - 6))" x2="\(n(20 + length))" y2="\(n(y + 6))" \
      stroke="#222222" stroke-width="2"/><text x="\(n(20 + length / 2))" y="\(n(y - 10))" \
      text-anchor="middle" fill="#222222">\(label)</text></g>

      """
  }

  private func legend(_ texts: Texts) -> String {
    """
    <g class="legend" font-size="12"><rect x="10" y="10" width="190" height="86" fill="#ffffff" \
    fill-opacity="0.85" stroke="#cccccc"/>\
    <circle cx="24" cy="26" r="6" fill="#3c8d3c" stroke="#2b662b" stroke-width="2"/>\
    <text x="38" y="30">\(XMLText.escaped(texts.mapVisited))</text>\
    <circle cx="24" cy="46" r="6" fill="#ffffff" stroke="#555555" stroke-width="2"/>\
    <text x="38" y="50">\(XMLText.escaped(texts.mapNotVisited))</text>\
    <line x1="18" y1="66" x2="30" y2="66" stroke="#d9534f" stroke-width="3"/>\
    <text x="38" y="70">\(XMLText.escaped(texts.mapTrack))</text>\
    <circle cx="24" cy="86" r="6" fill="#337ab7" stroke="#ffffff" stroke-width="2"/>\
    <text x="38" y="90">\(XMLText.escaped(texts.mapPosition))</text></g>

    """
  }

  /// A number as SVG wants it: at most two decimals, no exponent.
  private func n(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
  }
}

/// Longitude and latitude onto the drawing: an equirectangular projection around the area's middle
/// (true to scale for a walk's few kilometres), north up, with a margin all round.
private struct Projection {
  let west: Double
  let north: Double
  let metresPerDegreeLongitude: Double
  let metresPerDegreeLatitude = Coordinate.earthRadius * .pi / 180
  let pixelsPerMetre: Double
  let height: Double
  let margin = 60.0

  init(_ points: [Coordinate]) {
    let latitudes = points.map(\.latitude)
    let longitudes = points.map(\.longitude)
    let south = latitudes.min() ?? 0
    north = latitudes.max() ?? 0
    west = longitudes.min() ?? 0
    let east = longitudes.max() ?? 0
    metresPerDegreeLongitude = metresPerDegreeLatitude * cos((south + north) / 2 * .pi / 180)
    // At least 100 m across, so that a single point still gets a sensible scale.
    let widthMetres = max(100, (east - west) * metresPerDegreeLongitude)
    let heightMetres = max(100, (north - south) * metresPerDegreeLatitude)
    let drawable = RouteMapSVG.width - 2 * margin
    pixelsPerMetre = min(drawable / widthMetres, 1.5 * drawable / heightMetres)
    height = max(300, (heightMetres * pixelsPerMetre + 2 * margin).rounded())
  }

  func xy(_ point: Coordinate) -> (Double, Double) {
    (
      margin + (point.longitude - west) * metresPerDegreeLongitude * pixelsPerMetre,
      margin + (north - point.latitude) * metresPerDegreeLatitude * pixelsPerMetre
    )
  }
}
