import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite

/// `herald export`: the user's data as a scenario document on standard output.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print the data as a scenario document (routes included); `herald import` reads it back.",
    discussion: """
      The document's time zone is the one the data was imported with, else the system's. Exporting \
      what an export imported reproduces it byte for byte. With --user, the data of that user of the \
      many-user database (PostgreSQL), in their zone: what `herald import --user` reads back.
      """)

  @OptionGroup var store: StoreOptions
  @OptionGroup var database: PostgresOptions
  @Option(help: "The user of the many-user database (PostgreSQL) whose data is printed.")
  var user: String?

  func run() async throws {
    if let user {
      if store.database != nil {
        throw FieldError("--database", "not with --user (that is the PostgreSQL store)")
      }
      let state = try await database.withStore { store in
        try await store.planningState(ofUser: try await store.user(named: user).id)
      }
      StoredProblemWarnings.write(state.problems)
      var document = state
      document.movementLog = nil
      return try StandardOutput.write(ScenarioDocument.encode(document))
    }
    if database.postgres != nil { throw FieldError("--user", "required with --postgres") }
    let database = try store.open(.readOnly)
    let stored = try database.storedTimeZoneName().map { (name) throws(FieldError) in
      try SystemZones.shared.zone(identifier: name, field: "stored timeZone")
    }
    var state = try database.planningState(timeZone: try stored ?? SystemTimeZoneSource().current())
    state.routes = try database.routes()
    // The backup reads back: what could not be read whole is written as it was read, and said.
    StoredProblemWarnings.write(state.problems)
    try StandardOutput.write(ScenarioDocument.encode(state))
  }
}
