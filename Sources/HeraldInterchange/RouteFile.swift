import Foundation
import HeraldCore

/// Reads a route: a GPX file whose `<wpt>`s are its points of interest, or a JSON route.
public enum RouteFile {
  /// The largest route file read: read whole, and a GPX route may carry the recorded track it
  /// was drawn on (its points are read past). A route sent to the API is at most 4 MiB; a file
  /// on the user's own disk may be larger.
  public static let largestFile = 64 << 20

  /// Loads `url` by its content: JSON when it starts with `{`, GPX otherwise.
  /// Errors start with the file's path.
  public static func load(_ url: URL) throws(FieldError) -> Route {
    let data = try InputFile.contents(of: url.path, limit: largestFile)
    do {
      let firstByte = data.first { !" \n\r\t".utf8.contains($0) }
      if firstByte == UInt8(ascii: "{") { return try RouteDocument.decode(data) }
      return try route(fromGPX: GPXDocument(data: data), id: url.deletingPathExtension().lastPathComponent)
    } catch {
      throw error.inFile(url.path)
    }
  }

  /// A GPX route: its id is the file's base name, each waypoint's id its 1-based index.
  public static func route(fromGPX gpx: GPXDocument, id: String) throws(FieldError) -> Route {
    var points: [PointOfInterest] = []
    for (offset, waypoint) in gpx.waypoints.enumerated() {
      let number = offset + 1
      guard let name = waypoint.name, !name.isEmpty else {
        throw FieldError("<wpt> \(number)", "name: missing (a point of interest needs a <name>)")
      }
      points.append(PointOfInterest(id: String(number), name: name, coordinate: waypoint.coordinate))
    }
    guard !points.isEmpty else {
      throw FieldError("<wpt>", "none found: a route needs at least one point of interest")
    }
    let name = gpx.name.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    return try Route(id: id, name: name ?? id, waypoints: points)
  }
}
