import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite

/// `herald import FILE`: replaces the user's data with a scenario document (`contracts/plan.md`).
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Replace focus blocks, tasks, settings, locale and movement schedule with a scenario document.",
    discussion: """
      The delivery log stays, so reminders already shown are not shown again. Routes are replaced \
      only when the document has a "routes" list; a walk under way on a route it lists goes on. \
      With --user, the user's data in the many-user database (PostgreSQL) is replaced, the document's \
      time zone becomes theirs, and their deliveries are replanned.
      """)

  @OptionGroup var store: StoreOptions
  @OptionGroup var database: PostgresOptions
  @Option(help: "The user of the many-user database (PostgreSQL) whose data the document replaces.")
  var user: String?
  @Argument(help: "The scenario document (JSON); - reads standard input.") var file: String

  func run() async throws {
    // Read and check the whole document first: a bad one leaves the database untouched.
    let state = try ScenarioDocument.decode(InputFile.contents(of: file, limit: ScenarioDocument.largestFile))
    guard let user else {
      if database.postgres != nil { throw FieldError("--user", "required with --postgres") }
      return try store.open().replaceAll(with: state)
    }
    if store.database != nil {
      throw FieldError("--database", "not with --user (that is the PostgreSQL store)")
    }
    try await database.withStore {
      try await $0.replaceData(ofUser: user, with: state, now: SystemClockText.now())
    }
  }
}
