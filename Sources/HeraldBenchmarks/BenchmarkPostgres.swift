import Foundation
import HeraldPostgres
import HeraldPostgresConnections
import Logging
import PostgresNIO

/// The PostgreSQL server a benchmark runs against (`HERALD_POSTGRES_URL`): a fresh database for
/// each case, and what the server says about itself — its settings, its commit counts, its
/// processes — read over a connection to the server's own database, so that reading adds
/// nothing to the figures of the database being measured.
struct BenchmarkPostgres {
  let server: PostgresURL
  let logger: Logger

  /// The logger of the PostgreSQL jobs: errors only, so the figures are not buried in log lines.
  static let quietLogger: Logger = {
    var logger = Logger(label: "benchmark")
    logger.logLevel = .error
    return logger
  }()

  /// Runs `body` on a fresh database of the server, dropped afterwards.
  func withDatabase<Result>(_ body: (PostgresURL) async throws -> Result) async throws -> Result {
    let name = "herald_bench_\(UInt32.random(in: 0...UInt32.max))"
    try await admin("CREATE DATABASE \(name)")
    var url = server
    url.database = name
    defer {
      Task { [server, logger] in
        try? await Self.admin(server, "DROP DATABASE \(name) WITH (FORCE)", logger: logger)
      }
    }
    return try await body(url)
  }

  func admin(_ sql: String) async throws {
    try await Self.admin(server, sql, logger: logger)
  }

  /// The first column of the first row of `sql` (which casts it to text), or nil without rows.
  func text(_ sql: String) async throws -> String? {
    try await Self.connected(server, logger: logger) { connection in
      let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
      for try await value in rows.decode(String.self) { return value }
      return nil
    }
  }

  /// Transactions committed in `database` so far. A backend adds its counts when it goes idle at
  /// most once a second, and for sure when it exits: read after the connections that made them
  /// are closed.
  func commits(in database: String) async throws -> Int {
    let value = try await text(
      "SELECT xact_commit::text FROM pg_stat_database WHERE datname = '\(database)'")
    return value.flatMap { Int($0) } ?? 0
  }

  /// The postmaster: the first line of `postmaster.pid` in the server's data directory. (Read
  /// from the parent of the backend that answers, it failed now and then: the backend of a closed
  /// connection may be gone from /proc before it is read.)
  func postmaster() async throws -> Int32 {
    guard let directory = try await text("SELECT current_setting('data_directory')"),
      let file = try? String(contentsOfFile: directory + "/postmaster.pid", encoding: .utf8),
      let pid = file.split(separator: "\n").first.flatMap({ Int32($0) }), ProcessCPU.stat(pid) != nil
    else { throw BenchmarkFailure("cannot find the PostgreSQL server's processes in /proc") }
    return pid
  }

  /// The durability settings, as `name=value` pairs.
  func durability() async throws -> String {
    var pairs: [String] = []
    for name in ["fsync", "synchronous_commit", "full_page_writes", "wal_sync_method", "shared_buffers"] {
      pairs.append("\(name)=\(try await text("SHOW \(name)") ?? "?")")
    }
    return pairs.joined(separator: " ")
  }

  static func admin(_ url: PostgresURL, _ sql: String, logger: Logger) async throws {
    _ = try await connected(url, logger: logger) { connection in
      try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }
  }

  private static func connected<Result>(
    _ url: PostgresURL, logger: Logger, _ body: (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let connection = try await PostgresConnection.connect(
      configuration: .init(
        host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
        tls: .disable), id: 1, logger: logger)
    do {
      let result = try await body(connection)
      try? await connection.close()
      return result
    } catch {
      try? await connection.close()
      throw error
    }
  }
}
