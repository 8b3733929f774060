import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite

/// `--database PATH`, shared by every command that touches the store.
struct StoreOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The database file.",
      discussion: "Default: $HERALD_DATABASE, else $XDG_DATA_HOME/herald/herald.sqlite, "
        + "else ~/.local/share/herald/herald.sqlite.",
      valueName: "path"))
  var database: String?

  /// The path the options name, or the default one.
  var path: String {
    database ?? SQLiteStore.defaultPath(environment: ProcessInfo.processInfo.environment)
  }

  /// Opens the database to change it (creating it when missing).
  func open() throws -> SQLiteStore {
    try open(.readWrite)
  }

  /// Opens the database as the command needs: a command that only reads never creates, migrates
  /// or writes it, so it works on a read-only file and leaves its bytes as they were.
  func open(_ access: SQLiteStore.Access) throws -> SQLiteStore {
    guard !path.isEmpty else { throw FieldError("--database", "must not be empty") }
    return try SQLiteStore(path: path, access: access)
  }
}
