import Foundation
import HeraldPostgres
import HeraldPostgresConnections
import Logging
import PostgresNIO
import Testing

/// A fresh database per test on the server `HERALD_POSTGRES_URL` names (`.ci/postgres` starts
/// one); dropped afterwards. Without a server the suites are skipped — except under
/// `HERALD_REQUIRE_POSTGRES=1` (CI), where they run and fail.
enum TestDatabase {
  static let serverURL = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"].flatMap {
    $0.isEmpty ? nil : $0
  }
  static let enabled =
    serverURL != nil || ProcessInfo.processInfo.environment["HERALD_REQUIRE_POSTGRES"] == "1"
  static let skipReason: Comment =
    "no PostgreSQL: set HERALD_POSTGRES_URL (.ci/postgres starts a server and prints one)"

  static let logger: Logger = {
    var logger = Logger(label: "herald-test") { _ in SwiftLogNoOpLogHandler() }
    logger.logLevel = .critical
    return logger
  }()

  /// Creates an empty database, runs `body` with its URL, and drops it.
  static func withDatabase<Result: Sendable>(_ body: (PostgresURL) async throws -> Result) async throws
    -> Result
  {
    guard let serverURL else { throw PostgresTestError("HERALD_POSTGRES_URL is not set") }
    let server = try PostgresURL(serverURL)
    let name = "herald_test_\(UInt64.random(in: 0...UInt64.max))"
    try await admin(server, "CREATE DATABASE \(name)")
    var url = server
    url.database = name
    do {
      let result = try await body(url)
      try await admin(server, "DROP DATABASE \(name) WITH (FORCE)")
      return result
    } catch {
      try? await admin(server, "DROP DATABASE \(name) WITH (FORCE)")
      throw error
    }
  }

  /// Runs `body` with a store on a fresh database.
  static func withStore<Result: Sendable>(_ body: @Sendable (PostgresStore) async throws -> Result)
    async throws
    -> Result
  {
    try await withDatabase { url in try await PostgresStore.withStore(url, logger: logger, body) }
  }

  /// Runs one statement on the server's own database.
  static func admin(_ url: PostgresURL, _ sql: String) async throws {
    let connection = try await PostgresConnection.connect(
      configuration: .init(
        host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
        tls: .disable), id: 1, logger: logger)
    do {
      try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
  }

  /// Runs `sql` on `url`'s database and returns the first column of each row as text.
  static func column(_ url: PostgresURL, _ sql: String, binds: PostgresBindings = .init()) async throws
    -> [String?]
  {
    let connection = try await PostgresConnection.connect(
      configuration: .init(
        host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
        tls: .disable), id: 2, logger: logger)
    var values: [String?] = []
    do {
      for try await value in try await connection.query(
        PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger
      )
      .decode(String?.self) {
        values.append(value)
      }
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
    return values
  }
}

struct PostgresTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
