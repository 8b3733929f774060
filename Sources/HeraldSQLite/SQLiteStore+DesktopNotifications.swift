import Foundation
import GRDB

/// A notification the desktop sink put on screen: which server showed it, the id it gave, and what
/// was asked of it (the sink's own encoding), so that it can be replaced, closed or shown again.
public struct DesktopNotificationRecord: Sendable, Hashable {
  /// The place on screen it takes (`Delivery.slot`).
  public var slot: String
  /// The server that showed it: ids mean something only to the server that gave them.
  public var server: String
  public var notificationID: UInt32
  /// Whether it offers buttons: those must not outlive the daemon.
  public var hasActions: Bool
  /// What the sink asked the server to show, encoded by the sink; the store keeps it as given.
  public var request: String

  public init(slot: String, server: String, notificationID: UInt32, hasActions: Bool, request: String) {
    self.slot = slot
    self.server = server
    self.notificationID = notificationID
    self.hasActions = hasActions
    self.request = request
  }
}

extension SQLiteStore {
  /// Every notification the desktop sink has on screen, by slot.
  public func desktopNotifications() throws -> [DesktopNotificationRecord] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: "SELECT slot, server, notificationID, hasActions, request FROM desktopNotification ORDER BY slot"
      ).map { row in
        let id: Int64 = row[2]
        return DesktopNotificationRecord(
          slot: row[0], server: row[1], notificationID: UInt32(truncatingIfNeeded: id), hasActions: row[3],
          request: row[4])
      }
    }
  }

  /// Notes what the desktop shows in `record.slot`, replacing what was there.
  public func saveDesktopNotification(_ record: DesktopNotificationRecord) throws {
    try write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO desktopNotification (slot, server, notificationID, hasActions, request)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [
          record.slot, record.server, Int64(record.notificationID), record.hasActions, record.request,
        ])
    }
  }

  /// Forgets the notifications in `slots` (closed or gone).
  public func removeDesktopNotifications(slots: [String]) throws {
    guard !slots.isEmpty else { return }
    try write { db in
      for slot in slots {
        try db.execute(sql: "DELETE FROM desktopNotification WHERE slot = ?", arguments: [slot])
      }
    }
  }

  /// Forgets the notification `server` showed as `notificationID`; returns its slot, if it was known.
  @discardableResult
  public func removeDesktopNotification(server: String, notificationID: UInt32) throws -> String? {
    try write { db in
      let slot = try String.fetchOne(
        db, sql: "SELECT slot FROM desktopNotification WHERE server = ? AND notificationID = ?",
        arguments: [server, Int64(notificationID)])
      if let slot {
        try db.execute(sql: "DELETE FROM desktopNotification WHERE slot = ?", arguments: [slot])
      }
      return slot
    }
  }
}
