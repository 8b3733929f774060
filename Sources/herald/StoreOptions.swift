import ArgumentParser
import Foundation
import HeraldCore
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

/// Instants on the command line and in listings, in the system's zone (read when asked, so a
/// command always uses the zone in force now).
enum SystemClockText {
  static var resolver: WallClockResolver { WallClockResolver(timeZone: SystemTimeZoneSource().current()) }

  /// An option's date: RFC 3339 with offset, or local `YYYY-MM-DDTHH:MM` / `YYYY-MM-DD HH:MM`.
  static func instant(_ text: String, field: String) throws(FieldError) -> Date {
    try LocalInstant.parse(text, resolver: resolver, field: field)
  }

  /// `YYYY-MM-DD HH:MM` on the local wall clock.
  static func text(_ date: Date) -> String {
    LocalInstant.format(date, resolver: resolver)
  }
}
