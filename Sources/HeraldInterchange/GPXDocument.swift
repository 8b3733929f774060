import Foundation
import HeraldCore
import HeraldCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The parts of a GPX 1.0/1.1 file Herald uses: waypoints (a route's points of interest) and
/// track points with a time (location fixes).
public struct GPXDocument: Sendable {
  /// A `<wpt>`: its position and `<name>`.
  public struct Waypoint: Sendable, Hashable {
    public var coordinate: Coordinate
    public var name: String?
  }

  public var name: String?
  public var waypoints: [Waypoint]
  /// Every `<trkpt>` with a `<time>`, in document order across tracks and segments.
  public var fixes: [LocationFix]

  /// Parses GPX; errors name the element and the problem (`<trkpt> 12: lat: 95.0 is outside −90…90`).
  public init(data: Data) throws(FieldError) {
    let reader = GPXReader()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    parser.shouldProcessNamespaces = true
    let parsed = parser.parse()
    if let error = reader.error { throw error }
    guard parsed else {
      throw FieldError("", "not well-formed XML (line \(parser.lineNumber), column \(parser.columnNumber))")
    }
    guard reader.sawRoot else { throw FieldError("", "not a GPX document (no <gpx> root element)") }
    name = reader.documentName
    waypoints = reader.waypoints
    fixes = reader.fixes
  }

  /// Reads and parses a file; errors start with the file's path.
  public init(contentsOf url: URL) throws(FieldError) {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw FieldError(url.path, "cannot read: \(error.localizedDescription)")
    }
    do { try self.init(data: data) } catch { throw error.inFile(url.path) }
  }
}

/// The SAX side of `GPXDocument`: collects points, stops at the first bad one.
private final class GPXReader: NSObject, XMLParserDelegate {
  var waypoints: [GPXDocument.Waypoint] = []
  var fixes: [LocationFix] = []
  var documentName: String?
  var sawRoot = false
  var error: FieldError?

  private var path: [String] = []
  private var text = ""
  private var point: (element: String, index: Int, coordinate: Coordinate, name: String?, time: Date?)?
  private var counts: [String: Int] = [:]

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if path.isEmpty {
      guard element == "gpx" else {
        return fail(parser, FieldError("", "not a GPX document (root element <\(element)>)"))
      }
      sawRoot = true
    }
    path.append(element)
    text = ""
    guard element == "wpt" || element == "trkpt" || element == "rtept" else { return }
    let index = (counts[element] ?? 0) + 1
    counts[element] = index
    let label = "<\(element)> \(index)"
    guard let latText = attributes["lat"], let lat = Double(latText) else {
      return fail(parser, FieldError(label, "lat: missing or not a number"))
    }
    guard let lonText = attributes["lon"], let lon = Double(lonText) else {
      return fail(parser, FieldError(label, "lon: missing or not a number"))
    }
    do {
      point = (element, index, try Coordinate(latitude: lat, longitude: lon), nil, nil)
    } catch {
      let field = error.field == "latitude" ? "lat" : "lon"
      fail(parser, FieldError(label, "\(field): \(error.problem)"))
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
  ) {
    defer {
      path.removeLast()
      text = ""
    }
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let parent = path.dropLast().last
    switch element {
    case "name" where parent == "wpt" || parent == "trkpt":
      point?.name = value
    case "name" where parent == "metadata" || (parent == "gpx" && documentName == nil):
      documentName = value
    case "time" where parent == "trkpt":
      guard let date = RFC3339.parse(value) else {
        let index = point?.index ?? 0
        return fail(parser, FieldError("<trkpt> \(index)", "time: not an RFC 3339 date: \"\(value)\""))
      }
      point?.time = date
    case "wpt":
      if let point { waypoints.append(.init(coordinate: point.coordinate, name: point.name)) }
      point = nil
    case "trkpt":
      if let point, let time = point.time {
        fixes.append(LocationFix(coordinate: point.coordinate, timestamp: time))
      }
      point = nil
    default:
      break
    }
  }

  private func fail(_ parser: XMLParser, _ error: FieldError) {
    if self.error == nil { self.error = error }
    parser.abortParsing()
  }
}
