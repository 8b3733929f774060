import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite

extension RouteCommand {
  /// `herald route import FILE`: prints the route's id.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a route from GPX (its <wpt>s) or a JSON route; prints its id.",
      discussion: """
        A GPX route's id is the file's name without extension; a JSON route names its own. \
        Importing a route again replaces it; a walk under way on it goes on where it was.
        """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The route file.") var file: String

    func run() throws {
      // Read and check the whole file first: a bad one leaves the database untouched.
      let route = try RouteFile.load(URL(fileURLWithPath: file))
      try store.open().importRoute(route)
      try StandardOutput.writeLine(route.id)
    }
  }

  /// `herald route list`: one line per route.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the routes.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let database = try store.open()
      let walk = try database.activeWalk()
      for route in try database.routes() {
        var line = "\(route.id)  \(route.waypoints.count) points  \(route.name)"
        if let walk, walk.routeID == route.id { line += "  " + RouteCommand.progress(walk, route) }
        try StandardOutput.writeRow(line)
      }
    }
  }

  /// `herald route show ID`: the route's points, and what the walk under way reached.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a route's points of interest.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The route's id.") var id: String
    @Flag(help: "Print the route as a JSON route document instead.") var json = false

    func run() throws {
      let database = try store.open()
      guard let route = try database.route(id: id) else { throw FieldError("route \(id)", "no such route") }
      if json {
        try StandardOutput.write(RouteDocument.encode(route))
        return
      }
      let walk = try database.activeWalk().flatMap { $0.routeID == id ? $0 : nil }
      try StandardOutput.writeRow(
        "\(route.id)  \(route.name)" + (walk.map { "  " + RouteCommand.progress($0, route) } ?? ""))
      for (index, point) in route.waypoints.enumerated() {
        let reached =
          try walk?.visited[point.id].map { (date) throws(FieldError) in
            "  reached \(try SystemClockText.text(date))"
          } ?? ""
        try StandardOutput.writeRow(
          String(
            format: "%3d. %@  %.5f, %.5f", index + 1, point.name, point.coordinate.latitude,
            point.coordinate.longitude)
            + "  [\(point.id)]" + reached)
      }
    }
  }

  /// `herald route remove ID`.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a route (a walk on it ends).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The route's id.") var id: String

    func run() throws {
      try store.open().removeRoute(id: id)
    }
  }

  /// `herald route start ID`: the one active route.
  struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Start walking a route: the daemon notifies its points of interest.",
      discussion: """
        One route is walked at a time: starting another ends the walk under way. Starting the \
        route under way again changes nothing (nothing reached is announced again); --new begins \
        a new walk on it.
        """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The route's id.") var id: String
    @Flag(name: .customLong("new"), help: "Begin a new walk even if this route is under way.") var restart =
      false

    func run() throws {
      let database = try store.open()
      let start = try database.startWalk(routeID: id, at: SystemClockText.now(), restart: restart)
      guard let walk = try database.activeWalk(), let route = try database.route(id: id) else { return }
      let verb = start == .resumed ? "still walking" : "walking"
      try StandardOutput.writeRow("\(verb) \(id): \(RouteCommand.progress(walk, route))")
    }
  }

  /// `herald route stop`.
  struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "End the walk under way.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let database = try store.open()
      guard let walk = try database.stopWalk() else {
        try StandardOutput.writeRow("no walk under way")
        return
      }
      let route = try database.route(id: walk.routeID)
      try StandardOutput.writeRow(
        "stopped \(walk.routeID)" + (route.map { ": " + RouteCommand.progress(walk, $0) } ?? ""))
    }
  }

  /// `2/5 reached`, `5/5 reached, completed`.
  static func progress(_ walk: Walk, _ route: Route) -> String {
    let reached = route.waypoints.filter { walk.visited[$0.id] != nil }.count
    return "\(reached)/\(route.waypoints.count) reached" + (walk.isCompleted ? ", completed" : "")
  }
}
