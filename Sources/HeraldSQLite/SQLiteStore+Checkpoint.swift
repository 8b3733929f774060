import Foundation
import GRDB

extension SQLiteStore {
  /// The daemon's checkpoint: every reminder due up to this instant has been handled (shown or
  /// recorded as missed). A restarted daemon plans from here, so nothing due while it was down
  /// is lost; `nil` before the daemon first ran.
  public func checkpoint() throws -> Date? {
    try writer.read { db in
      try Double.fetchOne(db, sql: "SELECT handledUpTo FROM daemonCheckpoint WHERE id = 1")
        .map(Date.init(timeIntervalSince1970:))
    }
  }

  /// Moves the checkpoint to `date`.
  public func writeCheckpoint(_ date: Date) throws {
    try writer.write { db in
      try db.execute(
        sql: "INSERT INTO daemonCheckpoint (id, handledUpTo) VALUES (1, ?) "
          + "ON CONFLICT(id) DO UPDATE SET handledUpTo = excluded.handledUpTo",
        arguments: [date.timeIntervalSince1970])
    }
  }

  static func createCheckpoint(_ db: Database) throws {
    try db.create(table: "daemonCheckpoint") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("handledUpTo", .double).notNull()
    }
  }
}
