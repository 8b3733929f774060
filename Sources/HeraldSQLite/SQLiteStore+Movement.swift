import GRDB
import HeraldCore

extension SQLiteStore {
  /// The movement profile and its weekdays; `nil` when the user has none (no movement reminders).
  public func movementSchedule() throws -> MovementSchedule? {
    try read(Self.fetchMovementSchedule)
  }

  /// Replaces the whole movement schedule (a template, an import); `nil` removes it.
  public func setMovementSchedule(_ schedule: MovementSchedule?) throws {
    try write { db in try Self.store(schedule, db) }
  }

  /// Sets one weekday's schedule, `nil` for no reminders that day. Without a profile yet, the
  /// default profile (45/60 minutes, 08:00–20:00, no other days) is created around it.
  ///
  /// Time blocks were checked when they were made (`TimeBlock.init`); nothing else can be wrong.
  public func setDay(_ weekday: Weekday, _ schedule: DaySchedule?) throws {
    try write { db in
      var movement = try Self.fetchMovementSchedule(db) ?? MovementSchedule()
      movement.days[weekday] = schedule
      try Self.store(movement, db)
    }
  }

  static func fetchMovementSchedule(_ db: Database) throws -> MovementSchedule? {
    guard
      let profile = try Row.fetchOne(
        db.cachedStatement(
          sql: """
            SELECT intervalMinutes, fallbackIntervalMinutes, activeHoursStart, activeHoursEnd
            FROM movementProfile WHERE id = 1
            """))
    else { return nil }
    var days: [Weekday: DaySchedule] = [:]
    for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT weekday, kind FROM movementDay")) {
      let name: String = row[0]
      guard let weekday = Weekday(rawValue: name) else { continue }
      days[weekday] = try fetchDay(weekday, kind: row[1], db)
    }
    do {
      return try MovementSchedule(
        intervalMinutes: profile[0], fallbackIntervalMinutes: profile[1],
        activeHoursStart: time(profile[2], "activeHours.start"),
        activeHoursEnd: time(profile[3], "activeHours.end"), days: days)
    } catch {
      throw error.prefixed("stored movement")
    }
  }

  private static func fetchDay(_ weekday: Weekday, kind: String, _ db: Database) throws -> DaySchedule {
    let field = "stored movement.days.\(weekday.rawValue)"
    let rows = try Row.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT startMinute, endMinute, style, intervalMinutes FROM movementDayEntry
          WHERE weekday = ? ORDER BY position
          """),
      arguments: [weekday.rawValue])
    do {
      switch kind {
      case "fallback":
        return .fallback
      case "fixedTimes":
        return .fixedTimes(try rows.map { (row) throws(FieldError) in try time(row[0], "fixedTimes") })
      default:
        return .timeBlocks(
          try rows.map { (row) throws(FieldError) in
            try TimeBlock(
              start: time(row[0], "start"), end: time(row[1] ?? -1, "end"),
              style: NotificationStyle(stored: row[2]), intervalMinutes: row[3])
          })
      }
    } catch {
      throw error.prefixed(field)
    }
  }

  private static func time(_ minuteOfDay: Int, _ field: String) throws(FieldError) -> WallClockTime {
    guard let time = WallClockTime(minuteOfDay: minuteOfDay) else {
      throw FieldError(field, "stored minute of day \(minuteOfDay) is out of range")
    }
    return time
  }

  static func store(_ schedule: MovementSchedule?, _ db: Database) throws {
    // Deleting the days cascades to their entries.
    try db.execute(sql: "DELETE FROM movementDay")
    try db.execute(sql: "DELETE FROM movementProfile")
    guard let schedule else { return }
    try db.execute(
      sql: """
        INSERT INTO movementProfile
          (id, intervalMinutes, fallbackIntervalMinutes, activeHoursStart, activeHoursEnd)
        VALUES (1, ?, ?, ?, ?)
        """,
      arguments: [
        schedule.intervalMinutes, schedule.fallbackIntervalMinutes, schedule.activeHoursStart.minuteOfDay,
        schedule.activeHoursEnd.minuteOfDay,
      ])
    for weekday in Weekday.allCases {
      guard let day = schedule.days[weekday] else { continue }
      let entries: [(start: Int, end: Int?, style: String?, interval: Int?)]
      let kind: String
      switch day {
      case .fallback:
        (kind, entries) = ("fallback", [])
      case .fixedTimes(let times):
        (kind, entries) = ("fixedTimes", times.map { ($0.minuteOfDay, nil, nil, nil) })
      case .timeBlocks(let blocks):
        kind = "timeBlocks"
        entries = blocks.map {
          ($0.start.minuteOfDay, $0.end.minuteOfDay, $0.style.rawValue, $0.intervalMinutes)
        }
      }
      try db.execute(
        sql: "INSERT INTO movementDay (weekday, kind) VALUES (?, ?)", arguments: [weekday.rawValue, kind])
      for (position, entry) in entries.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO movementDayEntry (weekday, position, startMinute, endMinute, style, intervalMinutes)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [weekday.rawValue, position, entry.start, entry.end, entry.style, entry.interval])
      }
    }
  }
}
