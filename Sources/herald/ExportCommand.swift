import ArgumentParser
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldStore

/// `herald export`: the user's data as a scenario document on standard output.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print the data as a scenario document (routes included); `herald import` reads it back.",
    discussion: """
      The document's time zone is the one the data was imported with, else the system's. Exporting \
      what an export imported reproduces it byte for byte.
      """)

  @OptionGroup var store: StoreOptions

  func run() throws {
    let database = try store.open(.readOnly)
    let stored = try database.storedTimeZoneName().map { (name) throws(FieldError) in
      try SystemZones.shared.zone(identifier: name, field: "stored timeZone")
    }
    var state = try database.planningState(timeZone: try stored ?? SystemTimeZoneSource().current())
    state.routes = try database.routes()
    try StandardOutput.write(ScenarioDocument.encode(state))
  }
}
