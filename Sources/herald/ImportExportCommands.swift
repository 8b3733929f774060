import ArgumentParser
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldStore

/// `herald import FILE`: replaces the user's data with a scenario document (`contracts/plan.md`).
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Replace focus blocks, tasks, settings, locale and movement schedule with a scenario document.",
    discussion: "The delivery log stays, so reminders already shown are not shown again.")

  @OptionGroup var store: StoreOptions
  @Argument(help: "The scenario document (JSON); - reads standard input.") var file: String

  func run() throws {
    // Read and check the whole document first: a bad one leaves the database untouched.
    let state = try ScenarioDocument.decode(InputFile.read(file))
    try store.open().replaceAll(with: state)
  }
}

/// `herald export`: the user's data as a scenario document on standard output.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print the data as a scenario document; `herald import` reads it back.",
    discussion: """
      The document's time zone is the one the data was imported with, else the system's. Exporting \
      what an export imported reproduces it byte for byte.
      """)

  @OptionGroup var store: StoreOptions

  func run() throws {
    let database = try store.open()
    let state = try database.planningState(
      timeZone: database.storedTimeZone() ?? SystemTimeZoneSource().current())
    print(ScenarioDocument.encode(state), terminator: "")
  }
}
