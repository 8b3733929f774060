import Foundation
import GRDB
import HeraldContracts
import HeraldCore

/// Web Push for the one person of this store (`contracts/push.md`): Herald's VAPID key pair and
/// link secret, each made once, and the devices subscribed, one row an endpoint.
extension SQLiteStore: PushKeeping {
  public typealias PushSubscriptionRecord = HeraldContracts.PushSubscriptionRecord

  /// The VAPID private key's text: the one kept, or `make()`'s, stored first — in one transaction,
  /// so two servers starting together keep one key.
  public func vapidPrivateKey(orMake make: () -> String) throws -> String {
    try write { db in
      if let kept = try String.fetchOne(db, sql: "SELECT privateKey FROM pushKey WHERE id = 1") {
        return kept
      }
      let made = make()
      try db.execute(sql: "INSERT INTO pushKey (id, privateKey) VALUES (1, ?)", arguments: [made])
      return made
    }
  }

  /// The secret that signs the notifications' action links (`LinkSecret`'s text): the one kept, or
  /// `make()`'s, stored first in one transaction, so the daemon that sends a link and the server that
  /// answers it agree. Never in a log or an answer.
  public func pushLinkSecret(orMake make: () -> String) throws -> String {
    try write { db in
      if let kept = try String.fetchOne(db, sql: "SELECT secret FROM pushLinkSecret WHERE id = 1") {
        return kept
      }
      let made = make()
      try db.execute(sql: "INSERT INTO pushLinkSecret (id, secret) VALUES (1, ?)", arguments: [made])
      return made
    }
  }

  /// Stores a subscription; the endpoint already stored is updated (new keys, expiry) and keeps its
  /// id. `created` says whether it was new.
  public func savePushSubscription(
    endpoint: String, p256dh: String, auth: String, expirationTime: Date?, at now: Date
  ) throws -> (record: PushSubscriptionRecord, created: Bool) {
    try write { db in
      let expiry = expirationTime?.timeIntervalSince1970
      if let id = try String.fetchOne(
        db, sql: "SELECT id FROM pushSubscription WHERE endpoint = ?", arguments: [endpoint])
      {
        try db.execute(
          sql: "UPDATE pushSubscription SET p256dh = ?, auth = ?, expirationTime = ? WHERE id = ?",
          arguments: [p256dh, auth, expiry, id])
        return (try Self.pushSubscription(db, id: id), false)
      }
      let id = "ps-" + AccessSecret.random().prefix(16)
      try db.execute(
        sql: """
          INSERT INTO pushSubscription (id, endpoint, p256dh, auth, expirationTime, createdAt)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [id, endpoint, p256dh, auth, expiry, now.timeIntervalSince1970])
      return (try Self.pushSubscription(db, id: id), true)
    }
  }

  /// Every subscription, oldest first.
  public func pushSubscriptions() throws -> [PushSubscriptionRecord] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM pushSubscription ORDER BY createdAt, id").map(Self.record)
    }
  }

  /// Removes the subscription `id` (the user's choice, or the push service's 404/410).
  public func removePushSubscription(id: String) throws {
    try write { db in
      try db.execute(sql: "DELETE FROM pushSubscription WHERE id = ?", arguments: [id])
      guard db.changesCount > 0 else {
        throw RecordError.notFound("push subscription \(id)", "no such push subscription")
      }
    }
  }

  /// Records a push service's 2xx for the subscription `id`.
  public func recordPushDelivered(id: String, at date: Date) throws {
    try write { db in
      try db.execute(
        sql: "UPDATE pushSubscription SET lastDeliveredAt = ? WHERE id = ?",
        arguments: [date.timeIntervalSince1970, id])
    }
  }

  private static func pushSubscription(_ db: Database, id: String) throws -> PushSubscriptionRecord {
    guard let row = try Row.fetchOne(db, sql: "SELECT * FROM pushSubscription WHERE id = ?", arguments: [id])
    else {
      throw RecordError.notFound("push subscription \(id)", "no such push subscription")
    }
    return record(row)
  }

  private static func record(_ row: Row) -> PushSubscriptionRecord {
    PushSubscriptionRecord(
      id: row["id"], endpoint: row["endpoint"], p256dh: row["p256dh"], auth: row["auth"],
      expirationTime: (row["expirationTime"] as Double?).map(Date.init(timeIntervalSince1970:)),
      createdAt: Date(timeIntervalSince1970: row["createdAt"]),
      lastDeliveredAt: (row["lastDeliveredAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
  }

  static func createPush(_ db: Database) throws {
    // One row at most: the deployment's one key pair.
    try db.create(table: "pushKey") { t in
      t.column("id", .integer).primaryKey().check { $0 == 1 }
      t.column("privateKey", .text).notNull()
    }
    try db.create(table: "pushSubscription", options: .withoutRowID) { t in
      t.primaryKey("id", .text)
      t.column("endpoint", .text).notNull().unique()
      t.column("p256dh", .text).notNull()
      t.column("auth", .text).notNull()
      t.column("expirationTime", .double)
      t.column("createdAt", .double).notNull()
      t.column("lastDeliveredAt", .double)
    }
  }

  static func createPushLinkSecret(_ db: Database) throws {
    // One row at most: links signed by the daemon are checked by the server on the same store.
    try db.create(table: "pushLinkSecret") { t in
      t.column("id", .integer).primaryKey().check { $0 == 1 }
      t.column("secret", .text).notNull()
    }
  }
}
