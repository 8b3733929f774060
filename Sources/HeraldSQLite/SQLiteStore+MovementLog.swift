import Foundation
import GRDB
import HeraldCore

extension SQLiteStore {
  /// What became of movement reminders so far (empty when nothing happened yet).
  public func movementLog() throws -> MovementLog {
    try read(Self.fetchMovementLog) ?? MovementLog()
  }

  /// The user marked the movement reminder done at `date`; it counts for the day it was shown.
  /// Returns the new log, or nil (nothing written) when no reminder waits for an answer.
  @discardableResult
  public func acknowledgeMovement(at date: Date, timeZone: Zone) throws -> MovementLog? {
    try changeMovementLog { $0.recordAcknowledged(at: date, zone: timeZone) }
  }

  /// The user snoozed the movement reminder at `date`: it comes again 5 minutes later.
  /// Returns the new log, or nil (nothing written) when no reminder waits for an answer.
  @discardableResult
  public func snoozeMovement(at date: Date) throws -> MovementLog? {
    try changeMovementLog { $0.recordSnoozed(at: date) }
  }

  /// Reads, changes (by the core's rules) and writes the log in one transaction, so two
  /// processes answering at once both count; writes nothing when `change` says it changed nothing.
  private func changeMovementLog(_ change: (inout MovementLog) -> Bool) throws -> MovementLog? {
    try write { db in
      var log = try Self.fetchMovementLog(db) ?? MovementLog()
      guard change(&log) else { return nil }
      try Self.store(log, db)
      return log
    }
  }

  static func fetchMovementLog(_ db: Database) throws -> MovementLog? {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(
          sql: """
            SELECT lastReminderAt, lastReminderAnswered, snoozedAt, progressDay, delivered, acknowledged
            FROM movementLog WHERE id = 1
            """))
    else { return nil }
    let lastReminderAt: Double? = row[0]
    let snoozedAt: Double? = row[2]
    return try MovementLog.stored(
      lastReminderAt: lastReminderAt.map(Date.init(timeIntervalSince1970:)), answered: row[1],
      snoozedAt: snoozedAt.map(Date.init(timeIntervalSince1970:)), progressDay: row[3], delivered: row[4],
      acknowledged: row[5], field: "stored movementLog.progressDay")
  }

  static func store(_ log: MovementLog, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO movementLog
          (id, lastReminderAt, lastReminderAnswered, snoozedAt, progressDay, delivered, acknowledged)
        VALUES (1, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        log.lastReminderAt?.timeIntervalSince1970, log.lastReminderAnswered,
        log.snoozedAt?.timeIntervalSince1970,
        log.progressDay?.description, log.progress.delivered, log.progress.acknowledged,
      ])
  }
}
