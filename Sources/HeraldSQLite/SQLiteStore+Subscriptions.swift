import Foundation
import GRDB
import HeraldContracts

/// Where a desktop following a server (`herald run --server URL --token T`) left off: the number of
/// the last delivery it showed from that server for that token's user, so a restarted daemon
/// resumes the stream after it — nothing missed while it was down, nothing shown twice.
extension SQLiteStore {
  /// The last delivery event shown from `server` for `token`'s user; `nil` before the first.
  public func lastShownEvent(server: String, token: String) throws -> Int64? {
    try read { db in
      try Int64.fetchOne(
        db, sql: "SELECT lastEventID FROM subscription WHERE server = ? AND tokenHash = ?",
        arguments: [server, AccessSecret.hash(token)])
    }
  }

  /// Records that the delivery event `id` from `server` for `token`'s user was shown.
  public func saveLastShownEvent(_ id: Int64, server: String, token: String) throws {
    try write { db in
      try db.execute(
        sql: """
          INSERT INTO subscription (server, tokenHash, lastEventID) VALUES (?, ?, ?)
          ON CONFLICT (server, tokenHash) DO UPDATE SET lastEventID = excluded.lastEventID
          """,
        arguments: [server, AccessSecret.hash(token), id])
    }
  }

  static func createSubscriptions(_ db: Database) throws {
    // The token's hash, never the token: a copy of the database gives nobody access.
    try db.create(table: "subscription", options: .withoutRowID) { t in
      t.column("server", .text).notNull()
      t.column("tokenHash", .blob).notNull()
      t.column("lastEventID", .integer).notNull()
      t.primaryKey(["server", "tokenHash"])
    }
  }
}
