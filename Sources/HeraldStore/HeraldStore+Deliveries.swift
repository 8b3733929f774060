import Foundation
import GRDB
import HeraldCore

extension HeraldStore {
  /// Records that the reminder `requestID` due at `fireDate` was shown at `deliveredAt`.
  ///
  /// The log is keyed by (request id, fire instant) and keeps the first record: returns `false`
  /// when one existed already, so recording twice keeps one row.
  @discardableResult
  public func recordDelivery(requestID: String, fireDate: Date, deliveredAt: Date, late: Bool) throws -> Bool
  {
    try insert(
      DeliveryRecord(
        requestID: requestID, fireDate: fireDate, status: .delivered, deliveredAt: deliveredAt, late: late))
  }

  /// Records that the reminder was not shown, its time having passed too long ago. Returns
  /// `false` when the log already had a record for it.
  @discardableResult
  public func recordMissed(requestID: String, fireDate: Date) throws -> Bool {
    try insert(
      DeliveryRecord(requestID: requestID, fireDate: fireDate, status: .missed, deliveredAt: nil, late: false)
    )
  }

  /// What became of the reminder `requestID` due at `fireDate`; `nil` when nothing yet.
  public func deliveryStatus(requestID: String, fireDate: Date) throws -> DeliveryStatus? {
    try read { db in
      try String.fetchOne(
        db, sql: "SELECT status FROM delivery WHERE requestID = ? AND fireDate = ?",
        arguments: [requestID, fireDate.timeIntervalSince1970]
      ).flatMap(DeliveryStatus.init(rawValue:))
    }
  }

  /// The log, by fire instant then id; only reminders due at or after `start` when given.
  public func deliveries(firingFrom start: Date? = nil) throws -> [DeliveryRecord] {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT requestID, fireDate, status, deliveredAt, late FROM delivery
          WHERE fireDate >= ? ORDER BY fireDate, requestID
          """,
        arguments: [start?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude])
      var records: [DeliveryRecord] = []
      while let row = try rows.next() {
        let statusName: String = row[2]
        guard let status = DeliveryStatus(rawValue: statusName) else {
          throw FieldError("stored delivery.status", "unknown status \"\(statusName)\"")
        }
        let deliveredAt: Double? = row[3]
        records.append(
          DeliveryRecord(
            requestID: row[0], fireDate: Date(timeIntervalSince1970: row[1]), status: status,
            deliveredAt: deliveredAt.map(Date.init(timeIntervalSince1970:)), late: row[4]))
      }
      return records
    }
  }

  private func insert(_ record: DeliveryRecord) throws -> Bool {
    try write { db in
      try db.execute(
        sql: """
          INSERT INTO delivery (requestID, fireDate, status, deliveredAt, late) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (requestID, fireDate) DO NOTHING
          """,
        arguments: [
          record.requestID, record.fireDate.timeIntervalSince1970, record.status.rawValue,
          record.deliveredAt?.timeIntervalSince1970, record.late,
        ])
      return db.changesCount > 0
    }
  }
}
