import Foundation
import GRDB
import HeraldCore

extension SQLiteStore {
  /// The reminders on screen that wait for an answer, by slot (`Delivery.slot`). The daemon writes
  /// one with each delivery that waits for an answer and forgets it once the answer is given; kept
  /// in the store so that a restarted daemon still knows what it showed.
  public func awaitedAnswers() throws -> [String: AwaitedAnswer] {
    try read { db in
      var answers: [String: AwaitedAnswer] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT slot, answer, taskID, link FROM awaitedAnswer") {
        let slot: String = row[0]
        answers[slot] = try Self.answer(kind: row[1], taskID: row[2], link: row[3], slot: slot)
      }
      return answers
    }
  }

  /// What the reminder `requestID` that fired at `fireDate` (to the second: a notification's link
  /// carries whole seconds) waits for while it is on screen; `nil` once answered and forgotten, or
  /// replaced in its slot by a later reminder (a link names the reminder, not the slot).
  public func awaitedAnswer(requestID: String, firedAt fireDate: Date) throws -> AwaitedAnswer? {
    try read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT slot, answer, taskID, link, fireDate FROM awaitedAnswer WHERE requestID = ?",
        arguments: [requestID])
      let second = fireDate.timeIntervalSince1970.rounded(.down)
      guard let row = rows.first(where: { ($0[4] as Double).rounded(.down) == second }) else { return nil }
      let slot: String = row[0]
      return try Self.answer(kind: row[1], taskID: row[2], link: row[3], slot: slot)
    }
  }

  /// Forgets the reminders in `slots`: their answers were given and their notifications withdrawn.
  public func forgetAwaitedAnswers(slots: [String]) throws {
    guard !slots.isEmpty else { return }
    try write { db in
      for slot in slots { try db.execute(sql: "DELETE FROM awaitedAnswer WHERE slot = ?", arguments: [slot]) }
    }
  }

  /// Notes that the reminder shown in `slot` waits for `answer` (replacing what that slot waited
  /// for), or, with `nil`, that nothing in the slot waits any more.
  static func noteAwaited(_ answer: AwaitedAnswer?, slot: String, key: DeliveryKey, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM awaitedAnswer WHERE slot = ?", arguments: [slot])
    guard let answer else { return }
    let (kind, taskID, link): (String, String?, String?) =
      switch answer {
      case .movementBreak: ("movementBreak", nil, nil)
      case .task(let id): ("task", id, nil)
      case .map(let deepLink): ("map", nil, deepLink.description)
      }
    try db.execute(
      sql: """
        INSERT INTO awaitedAnswer (slot, requestID, fireDate, answer, taskID, link) VALUES (?, ?, ?, ?, ?, ?)
        """,
      arguments: [slot, key.requestID, key.fireDate.timeIntervalSince1970, kind, taskID, link])
  }

  private static func answer(kind: String, taskID: String?, link: String?, slot: String) throws(FieldError)
    -> AwaitedAnswer
  {
    switch (kind, taskID, link.flatMap(MapDeepLink.init)) {
    case ("movementBreak", _, _): return .movementBreak
    case ("task", let id?, _): return .task(id: id)
    case ("map", _, let deepLink?): return .map(link: deepLink)
    default: throw FieldError("stored awaitedAnswer[\(slot)].answer", "unknown answer \"\(kind)\"")
    }
  }

  /// The slots of reminders on screen, what each waits for, and what the desktop showed.
  static func createDesktopLifecycle(_ db: Database) throws {
    // One row per slot whose reminder waits for an answer; written with its delivery.
    try db.create(table: "awaitedAnswer", options: .withoutRowID) { t in
      t.primaryKey("slot", .text)
      t.column("requestID", .text).notNull()
      t.column("fireDate", .double).notNull()
      t.column("answer", .text).notNull().check(sql: "answer IN ('movementBreak', 'task', 'map')")
      t.column("taskID", .text)
      t.column("link", .text)
      t.check(sql: "answer <> 'task' OR taskID IS NOT NULL")
      t.check(sql: "answer <> 'map' OR link IS NOT NULL")
    }
    // What the desktop sink put on screen, by slot: the server that showed it and the id it gave,
    // so that a later reminder replaces it and an answer closes it, across restarts too.
    try db.create(table: "desktopNotification", options: .withoutRowID) { t in
      t.primaryKey("slot", .text)
      t.column("server", .text).notNull()
      t.column("notificationID", .integer).notNull()
      t.column("hasActions", .boolean).notNull()
      t.column("request", .text).notNull()
    }
  }
}
