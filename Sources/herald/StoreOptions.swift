import ArgumentParser
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldStore

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
    database ?? HeraldStore.defaultPath(environment: ProcessInfo.processInfo.environment)
  }

  /// Opens (creating when missing) the database.
  func open() throws -> HeraldStore {
    guard !path.isEmpty else { throw FieldError("--database", "must not be empty") }
    return try HeraldStore(path: path)
  }
}
