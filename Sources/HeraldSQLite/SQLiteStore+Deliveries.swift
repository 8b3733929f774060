import Foundation
import GRDB
import HeraldContracts
import HeraldCore

extension SQLiteStore {
  /// Records that the reminder `key` was shown at `deliveredAt`, with what showing it changes,
  /// in one transaction: a crash keeps both or neither.
  ///
  /// The log is keyed by (request id, fire instant) and keeps the first record: returns `false`
  /// (and applies no effect) when one existed already.
  ///
  /// With a `slot`, the reminder took that place on screen: what it waits for (`awaiting`)
  /// replaces what the slot waited for (`awaitedAnswers()`).
  @discardableResult
  public func recordDelivery(
    _ key: DeliveryKey, deliveredAt: Date, late: Bool, effects: [DeliveryEffect] = [], slot: String? = nil,
    awaiting: AwaitedAnswer? = nil, channels: [String] = []
  ) throws -> Bool {
    try write { db in
      guard
        try Self.insert(key, status: .delivered, deliveredAt: deliveredAt, late: late, channels: channels, db)
      else {
        return false
      }
      if let slot { try Self.noteAwaited(awaiting, slot: slot, key: key, db) }
      try Self.apply(effects, db)
      return true
    }
  }

  /// Records that the reminder was not shown, its time having passed too long ago. Returns
  /// `false` when the log already had a record for it.
  @discardableResult
  public func recordMissed(_ key: DeliveryKey) throws -> Bool {
    try write { db in try Self.insert(key, status: .missed, deliveredAt: nil, late: false, channels: [], db) }
  }

  /// What became of the reminder `key`; `nil` when nothing yet.
  public func deliveryStatus(_ key: DeliveryKey) throws -> DeliveryStatus? {
    try deliveryStatuses([key])[key]
  }

  /// What the log knows of each of `keys`, read from one snapshot; a key without a record is absent.
  public func deliveryStatuses(_ keys: [DeliveryKey]) throws -> [DeliveryKey: DeliveryStatus] {
    try read { db in
      var known: [DeliveryKey: DeliveryStatus] = [:]
      for key in keys {
        let name = try String.fetchOne(
          db, sql: "SELECT status FROM delivery WHERE requestID = ? AND fireDate = ?",
          arguments: [key.requestID, key.fireDate.timeIntervalSince1970])
        if let name { known[key] = try Self.status(name) }
      }
      return known
    }
  }

  /// The log, by fire instant then id; only reminders due at or after `start` when given.
  public func deliveries(firingFrom start: Date? = nil) throws -> [DeliveryRecord] {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT requestID, fireDate, status, deliveredAt, late, channels FROM delivery
          WHERE fireDate >= ? ORDER BY fireDate, requestID
          """,
        arguments: [start?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude])
      var records: [DeliveryRecord] = []
      while let row = try rows.next() {
        let deliveredAt: Double? = row[3]
        let channels: String? = row[5]
        records.append(
          DeliveryRecord(
            requestID: row[0], fireDate: Date(timeIntervalSince1970: row[1]), status: try Self.status(row[2]),
            deliveredAt: deliveredAt.map(Date.init(timeIntervalSince1970:)), late: row[4],
            channels: channels.map { $0.split(separator: " ").map(String.init) } ?? []))
      }
      return records
    }
  }

  private static func status(_ name: String) throws(FieldError) -> DeliveryStatus {
    guard let status = DeliveryStatus(rawValue: name) else {
      throw FieldError("stored delivery.status", "unknown status \"\(name)\"")
    }
    return status
  }

  private static func insert(
    _ key: DeliveryKey, status: DeliveryStatus, deliveredAt: Date?, late: Bool, channels: [String],
    _ db: Database
  ) throws -> Bool {
    try db.execute(
      sql: """
        INSERT INTO delivery (requestID, fireDate, status, deliveredAt, late, channels) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (requestID, fireDate) DO NOTHING
        """,
      arguments: [
        key.requestID, key.fireDate.timeIntervalSince1970, status.rawValue,
        deliveredAt?.timeIntervalSince1970,
        late, channels.isEmpty ? nil : channels.joined(separator: " "),
      ])
    return db.changesCount > 0
  }
}
