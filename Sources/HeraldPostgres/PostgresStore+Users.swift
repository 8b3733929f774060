import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgresConnections
import PostgresNIO

extension PostgresStore {
  /// Creates the user `name` with no data yet and returns a new API token for them (only its hash
  /// is stored). Names are unique.
  public func addUser(
    name: String, timeZone: Zone, language: Language, webhook: URL?, at date: Date
  ) async throws -> String {
    let name = try HeraldUser.name(name)
    let scenario = ScenarioDocument.encode(PlanningState(timeZone: timeZone, language: language))
    let token = AccessSecret.apiToken()
    let secret = WebhookSecret.generate().description
    do {
      try await transaction { connection in
        let rows = try await connection.query(
          """
          INSERT INTO herald_user (name, time_zone, locale, webhook_url, webhook_secret, scenario, created_at)
          VALUES (\(name), \(timeZone.identifier), \(language.rawValue), \(webhook?.absoluteString), \(secret),
                  \(scenario), \(date))
          RETURNING id
          """, logger: logger)
        for try await id in rows.decode(Int64.self) {
          try await connection.query(
            """
            INSERT INTO api_token (secret_hash, user_id, name, created_at)
            VALUES (\(AccessSecret.hash(token)), \(id), 'default', \(date))
            """, logger: logger)
        }
      }
    } catch  where PostgresProblem.isUniqueViolation(error) {
      throw RecordError.alreadyExists("user \(name)")
    }
    return token
  }

  /// Every user, by name.
  public func users() async throws -> [HeraldUser] {
    try await client.withConnection { connection in
      try await Self.fetchUsers(connection, where: "TRUE", logger: logger)
    }
  }

  /// The user `name`.
  public func user(named name: String) async throws -> HeraldUser {
    try await client.withConnection { connection in
      try await Self.fetchUser(connection, named: name, logger: logger)
    }
  }

  /// Removes the user `name` with all their data, tokens and deliveries. Their deliveries and
  /// task rows have no foreign key (migration v11): they go in statements after the user's row,
  /// so they see what a change that held the row before committed, and a change that comes after
  /// finds no row to lock and writes nothing.
  public func removeUser(named name: String) async throws {
    let removed = try await transaction { connection in
      var ids: [Int64] = []
      let rows = try await connection.query(
        "DELETE FROM herald_user WHERE name = \(name) RETURNING id", logger: logger)
      for try await id in rows.decode(Int64.self) { ids.append(id) }
      if !ids.isEmpty {
        try await connection.query(
          """
          WITH deliveries AS (DELETE FROM delivery WHERE user_id = ANY(\(ids)))
          DELETE FROM user_task WHERE user_id = ANY(\(ids))
          """, logger: logger)
      }
      return ids.count
    }
    guard removed > 0 else { throw RecordError.notFound("user \(name)", "no such user") }
  }

  static let userColumns =
    "id, name, time_zone, locale, webhook_url, webhook_secret, created_at"

  static func fetchUser(_ connection: DatabaseConnection, named name: String, logger: Logger) async throws
    -> HeraldUser
  {
    let query: PostgresQuery = "SELECT \(unescaped: userColumns) FROM herald_user WHERE name = \(name)"
    guard let user = try await users(connection.query(query, logger: logger)).first else {
      throw RecordError.notFound("user \(name)", "no such user")
    }
    return user
  }

  static func fetchUsers(_ connection: DatabaseConnection, where condition: String, logger: Logger)
    async throws -> [HeraldUser]
  {
    try await users(
      connection.query(
        PostgresQuery(unsafeSQL: "SELECT \(userColumns) FROM herald_user WHERE \(condition) ORDER BY name"),
        logger: logger))
  }

  /// The users of rows selected with `userColumns`.
  static func users<Rows: AsyncSequence>(_ rows: Rows) async throws -> [HeraldUser]
  where Rows.Element == PostgresRow {
    var users: [HeraldUser] = []
    for try await row in rows {
      let (id, name, zone, locale, webhook, secret, createdAt) = try row.decode(
        (Int64, String, String, String, String?, String, Date).self)
      let timeZone = try SystemZones.shared.zone(identifier: zone, field: "stored user \(name).timeZone")
      guard let language = Language(rawValue: locale) else {
        throw FieldError("stored user \(name).locale", "not de or en: \"\(locale)\"")
      }
      let webhookSecret: WebhookSecret
      do { webhookSecret = try WebhookSecret(secret) } catch { throw error.prefixed("stored user \(name)") }
      users.append(
        HeraldUser(
          id: id, name: name, timeZone: timeZone, language: language,
          webhook: webhook.flatMap(URL.init(string:)),
          webhookSecret: webhookSecret, createdAt: createdAt))
    }
    return users
  }
}

extension PostgresStore {
  /// The user with the id `id`.
  public func user(id: Int64) async throws -> HeraldUser {
    try await client.withConnection { connection in
      let query: PostgresQuery = "SELECT \(unescaped: Self.userColumns) FROM herald_user WHERE id = \(id)"
      guard let user = try await Self.users(connection.query(query, logger: logger)).first else {
        throw RecordError.notFound("user \(id)", "no such user")
      }
      return user
    }
  }

  /// The users with these ids, in one query (a worker's batch); those gone are missing.
  public func users(ids: [Int64]) async throws -> [Int64: HeraldUser] {
    try await client.withConnection { connection in
      let query: PostgresQuery =
        "SELECT \(unescaped: Self.userColumns) FROM herald_user WHERE id = ANY(\(ids))"
      return Dictionary(
        try await Self.users(connection.query(query, preparedAs: UsersByID.self, logger: logger)).map {
          ($0.id, $0)
        },
        uniquingKeysWith: { first, _ in first })
    }
  }

  /// Read for every claim of a worker: prepared (planning it took PostgreSQL twice as long as
  /// running it, measured with `pg_stat_statements`).
  enum UsersByID: PreparedStatementName {}
}
