import Foundation
import HeraldCore

/// The parts of a GPX 1.0/1.1 file Herald uses: waypoints (a route's points of interest) and
/// track points with a time (location fixes). `GPXReader` reads the same without keeping the
/// fixes, for tracks too long to hold.
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

  /// Parses GPX in memory; errors name the element and the problem
  /// (`<trkpt> 12: lat: 95.0 is outside −90…90 (line 40)`).
  public init(data: Data) throws(FieldError) {
    var waypoints: [Waypoint] = []
    var fixes: [LocationFix] = []
    name = try GPXReader.read(data, waypoint: { waypoints.append($0) }, fix: { fixes.append($0) })
    self.waypoints = waypoints
    self.fixes = fixes
  }

  /// Reads and parses a file; errors start with the file's path.
  public init(contentsOf url: URL) throws(FieldError) {
    var waypoints: [Waypoint] = []
    var fixes: [LocationFix] = []
    name = try GPXReader.read(
      InputFile(path: url.path, limit: GPXReader.largestFile), waypoint: { waypoints.append($0) },
      fix: { fixes.append($0) })
    self.waypoints = waypoints
    self.fixes = fixes
  }
}
