import Foundation
import GRDB
import HeraldSystem

extension SQLiteStore {
  /// How a command opens the database: to change it, or only to read it.
  public enum Access: Sendable {
    /// Creates the file (mode 0600) when missing and brings the schema up to date.
    case readWrite
    /// Never creates, migrates or writes anything: not the file, not a `-wal` or `-shm` beside it.
    case readOnly
  }

  /// Opens the database at `path` for reading only.
  ///
  /// A missing file is an error that says how one comes about. SQLite opens a database in WAL
  /// mode only with a `-shm` index beside it, and a read-only connection creates one (and a `-wal`)
  /// when none is there, and leaves both behind; in a read-only directory it cannot open at all.
  /// So when no `-wal` exists, no connection is writing: the file alone holds every committed
  /// change, and it is opened `immutable` (no locks, no side files). When a `-wal` exists, a
  /// writer (the daemon) may be at work, and the file is opened read-only through the existing
  /// index, which sees its latest commit. A connection opened this way sees the database as it
  /// was when it opened: open one per snapshot to follow changes.
  static func readOnlyQueue(path: String) throws -> DatabaseQueue {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw EnvironmentError(
        tried: "reading the database \(path)", problem: "there is no database there yet",
        remedy: "the first command that changes something (herald import, herald task add, …) creates it")
    }
    guard !isDirectory.boolValue else {
      throw EnvironmentError(tried: "reading the database \(path)", problem: "it is a directory, not a file")
    }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    let inUse = FileManager.default.fileExists(atPath: path + "-wal")
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: inUse ? path : immutableURI(path), configuration: configuration)
      let complete = try queue.read { db in
        try db.tableExists("grdb_migrations") && Schema.migrator.hasCompletedMigrations(db)
      }
      guard complete else {
        throw EnvironmentError(
          tried: "reading the database \(path)", problem: "it was made by an older Herald or is not complete",
          remedy: "any command that changes something brings it up to date")
      }
    } catch let error as DatabaseError {
      throw EnvironmentError(
        tried: "reading the database \(path)", problem: error.message ?? error.resultCode.description)
    }
    return queue
  }

  /// `file:` URI of `path` with `immutable=1`; `?`, `#` and `%` escaped as RFC 3986 asks.
  private static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for character in URL(fileURLWithPath: path).path.unicodeScalars {
      switch character {
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      case "%": escaped += "%25"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return "file:\(escaped)?mode=ro&immutable=1"
  }
}
