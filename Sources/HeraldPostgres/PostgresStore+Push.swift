import Foundation
import HeraldContracts
import PostgresNIO

/// Web Push's rows (migration v15): the deployment's secrets by name, and each user's
/// subscriptions.
extension PostgresStore: PushSecretKeeping {
  /// The deployment's VAPID private key: the one kept, or `make()`'s, stored first.
  public func vapidPrivateKey(orMake make: () -> String) async throws -> String {
    try await pushSecret("vapid-private-key", orMake: make)
  }

  /// The deployment's secret that signs notification links: the one kept, or `make()`'s.
  public func pushLinkSecret(orMake make: () -> String) async throws -> String {
    try await pushSecret("link-secret", orMake: make)
  }

  /// The secret `name`: the one kept, or `make()`'s, stored first. Two processes making one at
  /// once both get the one stored first: a conflicting insert returns the kept row.
  func pushSecret(_ name: String, orMake make: () -> String) async throws -> String {
    if let kept = try await onePushRow("SELECT value FROM push_secret WHERE name = \(name)") {
      return kept
    }
    let made = make()
    let kept = try await onePushRow(
      """
      INSERT INTO push_secret (name, value) VALUES (\(name), \(made))
      ON CONFLICT (name) DO UPDATE SET value = push_secret.value RETURNING value
      """)
    return kept ?? made
  }

  /// The text of `query`'s first row; nil when it has none.
  private func onePushRow(_ query: PostgresQuery) async throws -> String? {
    try await client.withConnection { connection in
      let rows = try await connection.query(query, logger: logger)
      for try await value in rows.decode(String.self) { return value }
      return nil
    }
  }

  func savePushSubscription(
    ofUser user: Int64, endpoint: String, p256dh: String, auth: String, expirationTime: Date?, at now: Date
  ) async throws -> (record: PushSubscriptionRecord, created: Bool) {
    let id = "ps-" + AccessSecret.random().prefix(16)
    // One statement: a new endpoint is inserted, a known one gets the new keys and keeps its id
    // (`xmax = 0` only on a row this statement inserted). Either way it returns the row.
    let rows = try await client.withConnection { connection in
      try await connection.query(
        """
        INSERT INTO push_subscription (user_id, id, endpoint, p256dh, auth, expiration_time, created_at)
        VALUES (\(user), \(id), \(endpoint), \(p256dh), \(auth), \(expirationTime), \(now))
        ON CONFLICT (user_id, endpoint) DO UPDATE
          SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, expiration_time = EXCLUDED.expiration_time
        RETURNING \(unescaped: Self.subscriptionColumns), xmax = 0
        """, logger: logger
      ).collect()
    }
    guard let row = rows.first else {
      throw RecordError.notFound("push subscription \(endpoint)", "the database returned no row")
    }
    let (id_, endpoint_, p256dh_, auth_, expiry, created, delivered, inserted) = try row.decode(
      (String, String, String, String, Date?, Date, Date?, Bool).self)
    return (
      PushSubscriptionRecord(
        id: id_, endpoint: endpoint_, p256dh: p256dh_, auth: auth_, expirationTime: expiry,
        createdAt: created,
        lastDeliveredAt: delivered),
      inserted
    )
  }

  /// A user's devices. A worker reads them for every reminder it pushes: the reads that come
  /// while one is under way go together as the next (`GroupedWrites`, here for reads), one
  /// statement for many users.
  func pushSubscriptions(ofUser user: Int64) async throws -> [PushSubscriptionRecord] {
    try await subscriptionReads.write(user) { [client, logger] users in
      let rows = try await client.withConnection { connection in
        try await connection.query(
          """
          SELECT user_id, \(unescaped: Self.subscriptionColumns) FROM push_subscription
          WHERE user_id = ANY(\(users)::bigint[]) ORDER BY created_at, id
          """, logger: logger
        ).collect()
      }
      var byUser: [Int64: [PushSubscriptionRecord]] = [:]
      for row in rows {
        let (owner, id, endpoint, p256dh, auth, expiry, created, delivered) = try row.decode(
          (Int64, String, String, String, String, Date?, Date, Date?).self)
        byUser[owner, default: []].append(
          PushSubscriptionRecord(
            id: id, endpoint: endpoint, p256dh: p256dh, auth: auth, expirationTime: expiry,
            createdAt: created,
            lastDeliveredAt: delivered))
      }
      return users.map { byUser[$0] ?? [] }
    }
  }

  func removePushSubscription(ofUser user: Int64, id: String) async throws {
    let rows = try await client.withConnection { connection in
      try await connection.query(
        "DELETE FROM push_subscription WHERE user_id = \(user) AND id = \(id) RETURNING id", logger: logger
      ).collect()
    }
    guard !rows.isEmpty else {
      throw RecordError.notFound("push subscription \(id)", "no such push subscription")
    }
  }

  /// Notes a device's delivery. A worker pushing to thousands of devices a second notes as many:
  /// those that come while one is written go together in the next (`GroupedWrites`), one
  /// statement and one commit for the group instead of one each.
  func recordPushDelivered(ofUser user: Int64, id: String, at date: Date) async throws {
    // The group's writer takes a connection; a note waiting for its group holds none.
    try await pushDeliveries.write(PushDelivered(user: user, id: id, at: date)) { [client, logger] noted in
      let query: PostgresQuery = """
        UPDATE push_subscription s SET last_delivered_at = greatest(s.last_delivered_at, v.at)
        FROM unnest(\(noted.map(\.user))::bigint[], \(noted.map(\.id))::text[], \(noted.map(\.at))::timestamptz[])
          AS v(user_id, id, at)
        WHERE s.user_id = v.user_id AND s.id = v.id
        """
      try await client.withConnection { connection in
        _ = try await connection.query(query, logger: logger).collect()
      }
      return noted.map { _ in () }
    }
  }

  /// A device's delivery to note (`recordPushDelivered`).
  struct PushDelivered: Sendable {
    var user: Int64
    var id: String
    var at: Date
  }

  /// Says on delivery `id`'s row what its pushes did not reach (`herald deliveries list` shows it
  /// as the row's error); the row's status stays what its other channels made it.
  public func notePushProblem(delivery id: Int64, _ problem: String) async throws {
    try await execute("UPDATE delivery SET last_error = \(problem) WHERE id = \(id)")
  }

  private static let subscriptionColumns =
    "id, endpoint, p256dh, auth, expiration_time, created_at, last_delivered_at"
}
