import Foundation
import GRDB
import HeraldContracts
import HeraldCore

/// The calendars the daemon follows and the last good copy of each: what was last read from the
/// source without a problem, so a calendar that cannot be read keeps its reminders.
extension SQLiteStore {
  /// Follows `calendar` with `items` as its first good copy, read at `readAt`; returns it with its
  /// new id (`c1`, `c2`, …).
  public func addCalendar(_ calendar: FollowedCalendar, items: [CalendarItem], readAt: Date) throws
    -> FollowedCalendar
  {
    try write { db in
      var added = calendar
      let numbers = try String.fetchAll(db, sql: "SELECT id FROM calendar WHERE id GLOB 'c[0-9]*'")
        .compactMap { Int($0.dropFirst()) }
      added.id = "c\((numbers.max() ?? 0) + 1)"
      added.lastReadAt = readAt
      added.lastError = nil
      let position = (try Int.fetchOne(db, sql: "SELECT MAX(position) FROM calendar") ?? -1) + 1
      try db.execute(
        sql: """
          INSERT INTO calendar
            (id, position, name, kind, source, username, passwordFile, lastReadAt, syncToken)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          added.id, position, added.name, added.kind.rawValue, added.source, added.username,
          added.passwordFile, readAt.timeIntervalSince1970, added.syncToken,
        ])
      try Self.insert(items, calendar: added.id, db)
      return added
    }
  }

  /// Every followed calendar, in the order they were added.
  public func calendars() throws -> [FollowedCalendar] {
    try read { db in
      guard try db.tableExists("calendar") else { return [] }
      return try Row.fetchAll(db, sql: "SELECT * FROM calendar ORDER BY position").map { row in
        FollowedCalendar(
          id: row["id"], name: row["name"], kind: FollowedCalendar.Kind(rawValue: row["kind"]) ?? .file,
          source: row["source"], username: row["username"], passwordFile: row["passwordFile"],
          lastReadAt: (row["lastReadAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
          lastError: row["lastError"], syncToken: row["syncToken"])
      }
    }
  }

  /// The last good copy of calendar `id`, in the order it was read.
  public func calendarItems(_ id: String) throws -> [CalendarItem] {
    try read { db in
      guard try db.tableExists("calendarItem") else { return [] }
      return try Row.fetchAll(
        db, sql: "SELECT href, etag, data FROM calendarItem WHERE calendarID = ? ORDER BY position",
        arguments: [id]
      ).map { CalendarItem(href: $0["href"], etag: $0["etag"], data: $0["data"]) }
    }
  }

  /// Stops following calendar `id`; its blocks and tasks go with it.
  public func removeCalendar(_ id: String) throws {
    try write { db in
      try db.execute(sql: "DELETE FROM calendar WHERE id = ?", arguments: [id])
      guard db.changesCount > 0 else { throw RecordError.notFound("calendar \(id)", "no such calendar") }
    }
  }

  /// Replaces calendar `id`'s last good copy with `items`, read at `readAt` (with the sync token
  /// it was read at, for a CalDAV collection).
  public func replaceCalendarItems(
    _ id: String, items: [CalendarItem], readAt: Date, syncToken: String? = nil
  )
    throws
  {
    try write { db in
      try db.execute(
        sql: "UPDATE calendar SET lastReadAt = ?, lastError = NULL, syncToken = ? WHERE id = ?",
        arguments: [readAt.timeIntervalSince1970, syncToken, id])
      guard db.changesCount > 0 else { throw RecordError.notFound("calendar \(id)", "no such calendar") }
      // Unchanged items are left alone, so a read that finds nothing new changes nothing.
      let old = try Row.fetchAll(
        db, sql: "SELECT href, etag, data FROM calendarItem WHERE calendarID = ? ORDER BY position",
        arguments: [id]
      ).map { CalendarItem(href: $0["href"], etag: $0["etag"], data: $0["data"]) }
      guard old != items else { return }
      try db.execute(sql: "DELETE FROM calendarItem WHERE calendarID = ?", arguments: [id])
      try Self.insert(items, calendar: id, db)
    }
  }

  /// Records that calendar `id` could not be read: its last good copy stays.
  public func recordCalendarFailure(_ id: String, problem: String) throws {
    try write { db in
      try db.execute(sql: "UPDATE calendar SET lastError = ? WHERE id = ?", arguments: [problem, id])
    }
  }

  private static func insert(_ items: [CalendarItem], calendar: String, _ db: Database) throws {
    for (position, item) in items.enumerated() {
      try db.execute(
        sql: "INSERT INTO calendarItem (calendarID, position, href, etag, data) VALUES (?, ?, ?, ?, ?)",
        arguments: [calendar, position, item.href, item.etag, item.data])
    }
  }

  static func createCalendars(_ db: Database) throws {
    try db.create(table: "calendar") { t in
      t.primaryKey("id", .text)
      t.column("position", .integer).notNull().unique()
      t.column("name", .text).notNull()
      t.column("kind", .text).notNull().check(sql: "kind IN ('file', 'vdir', 'feed', 'caldav')")
      t.column("source", .text).notNull()
      t.column("username", .text)
      // The file's path only: a password is read when needed, never kept in the database.
      t.column("passwordFile", .text)
      t.column("lastReadAt", .double)
      t.column("lastError", .text)
      t.column("syncToken", .text)
    }
    try db.create(table: "calendarItem", options: .withoutRowID) { t in
      t.column("calendarID", .text).notNull().references("calendar", onDelete: .cascade)
      t.column("position", .integer).notNull()
      t.column("href", .text).notNull()
      t.column("etag", .text)
      t.column("data", .blob).notNull()
      t.primaryKey(["calendarID", "position"])
    }
  }
}
