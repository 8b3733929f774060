import GRDB

/// The database schema, as migrations from the first version on.
///
/// Instants are `REAL` seconds since 1970: a Double holds today's instants to well under a
/// microsecond, so a value reads back exactly as it was written, and ordering is numeric.
/// Lists keep their order in a `position` column, so an export lists things as they were imported.
enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1", migrate: createVersion1)
    migrator.registerMigration("v2-daemon-checkpoint", migrate: SQLiteStore.createCheckpoint)
    migrator.registerMigration("v3-api-tokens", migrate: SQLiteStore.createTokens)
    migrator.registerMigration("v4-desktop-lifecycle", migrate: SQLiteStore.createDesktopLifecycle)
    migrator.registerMigration("v5-routes", migrate: SQLiteStore.createRoutes)
    migrator.registerMigration("v6-subscriptions", migrate: SQLiteStore.createSubscriptions)
    migrator.registerMigration("v7-calendars", migrate: SQLiteStore.createCalendars)
    migrator.registerMigration("v8-numbered-ids", migrate: SQLiteStore.createNumberedIndexes)
    migrator.registerMigration("v9-push", migrate: SQLiteStore.createPush)
    migrator.registerMigration("v10-push-link-secret", migrate: SQLiteStore.createPushLinkSecret)
    // Which channels took each delivery (the History page shows them); earlier rows have none.
    migrator.registerMigration("v11-delivery-channels") { db in
      try db.alter(table: "delivery") { t in t.add(column: "channels", .text) }
    }
    // Later versions are registered here; a shipped migration is never edited.
    return migrator
  }

  private static func createVersion1(_ db: Database) throws {
    // One row: the language of notification texts, and the zone a scenario was imported with
    // (kept only so that `herald export` writes it back; the daemon plans in the system zone).
    try db.create(table: "profile") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("language", .text).notNull()
      t.column("timeZone", .text)
    }
    try db.execute(sql: "INSERT INTO profile (id, language) VALUES (1, 'de')")

    // A setting absent here has its default; values are text as `SettingKey.parse` reads it.
    try db.create(table: "setting", options: .withoutRowID) { t in
      t.primaryKey("key", .text)
      t.column("value", .text).notNull()
    }

    try db.create(table: "focusBlock") { t in
      t.primaryKey("id", .text)
      t.column("position", .integer).notNull().unique()
      t.column("title", .text).notNull()
      t.column("startsAt", .double).notNull()
      t.column("endsAt", .double).notNull()
      t.check(sql: "endsAt > startsAt")
    }
    // No foreign key to `task`: a scenario may link a task it does not list, and an import keeps
    // what it was given. Commands check links when they write them.
    try db.create(table: "focusBlockTask", options: .withoutRowID) { t in
      t.column("blockID", .text).notNull().references("focusBlock", onDelete: .cascade)
      t.column("position", .integer).notNull()
      t.column("taskID", .text).notNull().indexed()
      t.primaryKey(["blockID", "position"])
    }

    try db.create(table: "task") { t in
      t.primaryKey("id", .text)
      t.column("position", .integer).notNull().unique()
      t.column("title", .text).notNull()
      t.column("due", .double)
      t.column("completed", .boolean).notNull().defaults(to: false)
    }

    // One row when the user has a movement profile; none means no movement reminders at all.
    try db.create(table: "movementProfile") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("intervalMinutes", .integer).notNull()
      t.column("fallbackIntervalMinutes", .integer).notNull()
      t.column("activeHoursStart", .integer).notNull()  // minute of day
      t.column("activeHoursEnd", .integer).notNull()
    }
    try db.create(table: "movementDay", options: .withoutRowID) { t in
      t.primaryKey("weekday", .text)
      t.column("kind", .text).notNull().check(sql: "kind IN ('timeBlocks', 'fixedTimes', 'fallback')")
    }
    // A time block (start, end, style, interval) or a fixed time (start only), in order.
    try db.create(table: "movementDayEntry", options: .withoutRowID) { t in
      t.column("weekday", .text).notNull().references("movementDay", onDelete: .cascade)
      t.column("position", .integer).notNull()
      t.column("startMinute", .integer).notNull()
      t.column("endMinute", .integer)
      t.column("style", .text)
      t.column("intervalMinutes", .integer)
      t.primaryKey(["weekday", "position"])
    }

    // One row once anything happened to a movement reminder: `MovementLog`'s fields.
    try db.create(table: "movementLog") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("lastReminderAt", .double)
      t.column("lastReminderAnswered", .boolean).notNull()
      t.column("snoozedAt", .double)
      t.column("progressDay", .text)  // YYYY-MM-DD
      t.column("delivered", .integer).notNull()
      t.column("acknowledged", .integer).notNull()
    }

    // Keyed by request and fire instant: a reminder planned again for the same instant is the
    // same reminder, and must not be shown twice.
    try db.create(table: "delivery", options: .withoutRowID) { t in
      t.column("requestID", .text).notNull()
      t.column("fireDate", .double).notNull().indexed()
      t.column("status", .text).notNull().check(sql: "status IN ('delivered', 'missed')")
      t.column("deliveredAt", .double)
      t.column("late", .boolean).notNull().defaults(to: false)
      t.primaryKey(["requestID", "fireDate"])
    }
  }
}
