import Foundation
import GRDB
import HeraldCore
import HeraldSystem

/// The user's data in SQLite: focus blocks, tasks, settings, the movement schedule and what
/// became of its reminders, and the log of deliveries.
///
/// Modelled on GRDB's demo `AppDatabase`: one type wraps a `DatabaseWriter` and runs the
/// migrator when it opens. A file is opened as a `DatabasePool` (WAL mode, so the daemon reads
/// while a command writes); tests use an in-memory `DatabaseQueue`. Every write is one
/// transaction that checks its input first, so bad input changes nothing.
public final class SQLiteStore: Sendable {
  /// The connection(s); every access goes through it.
  let writer: any DatabaseWriter

  /// Wraps an open database and brings its schema up to date.
  public init(_ writer: any DatabaseWriter) throws {
    self.writer = writer
    try Schema.migrator.migrate(writer)
  }

  /// Wraps a read-only connection whose schema was checked.
  init(openedReadOnly queue: DatabaseQueue) {
    writer = queue
  }

  /// Opens the database file at `path`. To read only (`herald export`, `upcoming`, `live`), it
  /// must exist and nothing is written; to write, it is created (mode 0600, and its directory)
  /// when missing and its schema brought up to date.
  public convenience init(path: String, access: Access) throws {
    switch access {
    case .readWrite: try self.init(path: path)
    case .readOnly: self.init(openedReadOnly: try Self.readOnlyQueue(path: path))
    }
  }

  /// Opens (creating it, mode 0600, and its directory when missing) the database file at `path`.
  public convenience init(path: String) throws {
    try Self.createFileIfMissing(path)
    var configuration = Configuration()
    // The daemon and a command may write at the same moment: wait for the other, do not fail.
    configuration.busyMode = .timeout(10)
    do {
      try self.init(DatabasePool(path: path, configuration: configuration))
    } catch let error as DatabaseError {
      throw EnvironmentError(
        tried: "opening the database \(path)", problem: error.message ?? error.resultCode.description)
    }
  }

  /// An empty database in memory, for tests.
  public static func inMemory() throws -> SQLiteStore {
    try SQLiteStore(DatabaseQueue())
  }

  /// Where the database lives unless `--database` says otherwise: `$HERALD_DATABASE`, else
  /// `$XDG_DATA_HOME/herald/herald.sqlite`, else `$HOME/.local/share/herald/herald.sqlite`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let path = environment["HERALD_DATABASE"], !path.isEmpty { return path }
    // The XDG spec says to ignore a relative XDG_DATA_HOME.
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data).appendingPathComponent("herald/herald.sqlite").path
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/herald/herald.sqlite").path
  }

  /// A number that changes whenever another connection — another herald process, or another
  /// `SQLiteStore` on the same file — commits a change. This store's own writes leave it alone.
  ///
  /// It is SQLite's `PRAGMA data_version` on the writer connection: the value is per connection,
  /// so it must always be read on the same one (a pool's readers each count on their own).
  public func dataVersion() throws -> Int {
    try writer.writeWithoutTransaction { db in
      try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
  }

  /// Creates the directory and an empty file readable by its owner only, before SQLite opens it,
  /// so the user's data is never readable by others, not even for a moment.
  private static func createFileIfMissing(_ path: String) throws(EnvironmentError) {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw EnvironmentError(
        tried: "creating the directory \(directory.path)", problem: error.localizedDescription)
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw EnvironmentError(tried: "opening the database \(path)", problem: "it is a directory, not a file")
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      if errno == EEXIST { return }
      throw EnvironmentError(
        tried: "creating the database \(path)", problem: String(cString: strerror(errno)))
    }
    // The umask may have taken bits away from 0600; set the mode exactly, then check it.
    let changed = fchmod(descriptor, 0o600)
    close(descriptor)
    let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    guard changed == 0, mode == 0o600 else {
      throw EnvironmentError(
        tried: "creating the database \(path)",
        problem: "cannot give it mode 0600 (readable by its owner only)")
    }
  }
}

extension SQLiteStore {
  /// Runs `body` in one write transaction: when it throws, nothing it did stays.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.write(body)
  }

  /// Runs `body` on one consistent snapshot.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.read(body)
  }
}
