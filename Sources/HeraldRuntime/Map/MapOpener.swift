import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldSystem
import Logging

/// The map a place notification opens: its route drawn afresh as an SVG from the store (what the
/// walk under way has reached, its track, the last position), written to a private file and
/// handed to `xdg-open`, the desktop's "open with the default application".
public enum MapOpener {
  /// The map of `routeID` as the store has it now; `highlighted` rings one point.
  ///
  /// Throws a `FieldError` when the route does not exist. Only the walk under way has visits, a
  /// track and a position; another route is drawn with its points alone.
  public static func svg(routeID: String, store: SQLiteStore, highlighted: String? = nil) throws -> String {
    guard let route = try store.route(id: routeID) else {
      throw FieldError("route \(routeID)", "no such route")
    }
    let walk = try store.activeWalk().flatMap { $0.routeID == routeID ? $0 : nil }
    let track = walk == nil ? [] : try store.walkTrack().map(\.coordinate)
    return RouteMapSVG(
      route: route, visited: Set(walk?.visited.keys.map { $0 } ?? []), track: track,
      position: track.last, highlighted: highlighted, language: try store.language()
    ).document
  }

  /// Draws the map `link` names into a new file readable by its owner only (it shows where the
  /// user walked) and opens it with `xdg-open`, without waiting for the viewer. Returns the file.
  @discardableResult
  public static func open(
    _ link: MapDeepLink, store: SQLiteStore, logger: Logger,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL {
    let document = try svg(routeID: link.routeID, store: store, highlighted: link.spotID)
    guard let opener = ExecutablePath.find("xdg-open", environment: environment) else {
      throw EnvironmentError(
        tried: "opening the map", problem: "xdg-open is not on PATH", remedy: "install xdg-utils")
    }
    let file = try write(document, environment: environment)
    let process = Process()
    process.executableURL = opener
    process.arguments = [file.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Reaped when it ends; the viewer it starts lives on.
    process.terminationHandler = { _ in }
    do { try process.start() } catch {
      throw EnvironmentError(tried: "running xdg-open \(file.path)", problem: error.localizedDescription)
    }
    logger.info("map opened", metadata: ["route": "\(link.routeID)", "file": "\(file.path)"])
    return file
  }

  /// A new file under `$XDG_RUNTIME_DIR/herald` (else the temporary directory), mode 0600.
  static func write(_ document: String, environment: [String: String]) throws -> URL {
    let base =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? FileManager.default.temporaryDirectory
    let directory = base.appendingPathComponent("herald", isDirectory: true)
    let file = directory.appendingPathComponent("map-\(UUID().uuidString).svg")
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guard
        FileManager.default.createFile(
          atPath: file.path, contents: Data(document.utf8), attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
    } catch {
      throw EnvironmentError(tried: "writing the map \(file.path)", problem: error.localizedDescription)
    }
    return file
  }
}
