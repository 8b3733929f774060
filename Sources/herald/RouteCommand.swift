import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite

/// `herald route`: walks and points of interest.
struct RouteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route", abstract: "Walking routes and their points of interest.",
    discussion: """
      Import a route (GPX <wpt>s or a JSON route), start walking it, and run the daemon with \
      --location: each point of interest is notified once when reached, then the route's completion.
      """,
    subcommands: [
      Import.self, List.self, Show.self, Remove.self, Start.self, Stop.self, Replay.self,
    ])

  /// `herald route replay`: a recorded track through the proximity monitor (`contracts/plan.md`).
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print every notification a recorded track raises along a route.")

    @Option(help: "The route: GPX whose <wpt>s are its points of interest, or a JSON route.")
    var route: String

    @Option(help: "The track: GPX 1.0 or 1.1; every <trkpt> with a <time> is one fix.")
    var track: String

    @Option(help: "Metres within which a point of interest counts as reached.")
    var radius: Double = ProximityMonitor.defaultRadius

    @Option(help: "de or en.")
    var locale: String = "de"

    @Option(name: .customLong("poi-notifications"), help: "on or off.")
    var poiNotifications: String = "on"

    func run() throws {
      guard radius.isFinite, radius > 0, radius <= 100_000 else {
        throw FieldError("--radius", "expected metres in (0, 100000], got \(radius)")
      }
      let language = try Language(parsing: locale, field: "--locale")
      guard poiNotifications == "on" || poiNotifications == "off" else {
        throw FieldError("--poi-notifications", "expected on or off, got \"\(poiNotifications)\"")
      }
      let route = try RouteFile.load(URL(fileURLWithPath: route))
      let trackFile = try InputFile(path: track, limit: GPXReader.largestFile)
      // The track streams through the monitor: a year of 1 Hz fixes never sits in memory.
      let replay = try RouteReplay(
        route: route, radius: radius, language: language, notificationsEnabled: poiNotifications == "on",
        reading: { (each) throws(FieldError) in try GPXReader.read(trackFile, fix: each) })
      try StandardOutput.write(replay.document)
    }
  }
}
