import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldSystem
import Logging

/// `herald map ROUTE`: the route's map as a standalone SVG.
struct MapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "map",
    abstract: "Draw a route's map as SVG: its points of interest, the walked track, the position.",
    discussion: """
      The points reached by the walk under way are filled, the others hollow; the walk's track \
      and its last position are drawn too. The SVG needs no network and runs no script.
      """)

  @OptionGroup var store: StoreOptions
  @Argument(help: "The route's id.") var route: String
  @Option(help: "Where to write the SVG; - for standard output.") var svg: String?
  @Option(help: "A point of interest to ring, by id.") var spot: String?
  @Flag(help: "Open the map with xdg-open, as tapping a place notification does.") var open = false

  func run() throws {
    guard svg != nil || open else { throw FieldError("--svg", "required unless --open is given") }
    let database = try store.open()
    let document = try MapOpener.svg(routeID: route, store: database, highlighted: spot)
    if let svg {
      if svg == "-" {
        print(document, terminator: "")
      } else {
        let url = URL(fileURLWithPath: svg)
        do { try Data(document.utf8).write(to: url, options: .atomic) } catch {
          throw EnvironmentError(tried: "writing \(svg)", problem: error.localizedDescription)
        }
      }
    }
    if open {
      try MapOpener.open(
        MapDeepLink(routeID: route, spotID: spot), store: database,
        logger: HeraldLogging.logger(verbose: false))
    }
  }
}
