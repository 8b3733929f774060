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
    discussion: """
      The delivery log stays, so reminders already shown are not shown again. Routes are replaced \
      only when the document has a "routes" list; a walk under way on a route it lists goes on.
      """)

  @OptionGroup var store: StoreOptions
  @Argument(help: "The scenario document (JSON); - reads standard input.") var file: String

  func run() throws {
    // Read and check the whole document first: a bad one leaves the database untouched.
    let state = try ScenarioDocument.decode(InputFile.contents(of: file))
    try store.open().replaceAll(with: state)
  }
}
