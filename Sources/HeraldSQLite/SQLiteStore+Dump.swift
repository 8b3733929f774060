import GRDB

extension SQLiteStore {
  /// Every row of every table as text, tables by name, rows sorted: two dumps are equal exactly
  /// when the data is. Tests compare dumps to show that a failed write changed nothing.
  ///
  /// The file's bytes are no such measure: opening a pool when no write-ahead log exists creates
  /// and drops a table (GRDB issue #102), which changes the header but no data.
  public func dump() throws -> String {
    try read { db in
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      var lines: [String] = []
      for table in tables {
        lines.append("[\(table)]")
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
        lines += rows.map(\.description).sorted()
      }
      return lines.joined(separator: "\n")
    }
  }

  /// One value of a query (`PRAGMA journal_mode`), for tests and diagnostics.
  func value(_ sql: String) throws -> String? {
    try read { db in try String.fetchOne(db, sql: sql) }
  }

  /// The migrations this file has been through, in order (the first is `v1`).
  func appliedMigrations() throws -> [String] {
    try read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
  }
}
