import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgresConnections
import HeraldSystem
import Logging
import PostgresNIO

/// Herald's data for many users in PostgreSQL: users, their tokens, their data and their due
/// deliveries. Any number of processes may use one database at once; every change to a user's
/// data and the reconciliation of their deliveries is one transaction, serialised per user by a
/// lock on the user's row.
public struct PostgresStore: Sendable {
  let client: DatabaseConnections
  let logger: Logger
  public let url: PostgresURL
  /// Users' documents without their task rows, known from this process's last read or write of
  /// each: what adding a task plans with, and what a worker decides with beside the tasks its rows
  /// name (`deliveryStates(for:)`).
  let documents = DocumentCache()
  /// Users' whole data (task rows included) as this process last read them
  /// (`planningStates(ofUsers:)`).
  let states = DocumentCache()
  /// The users of API tokens, while this process listens for their changes (`keepTokensCurrent()`).
  let tokens = TokenCache()
  /// Adds of one user's tasks in this process, one after another (`UserTurns`).
  let turns = UserTurns()
  /// Different users' task adds that come while one is written, written together.
  let taskAdds = GroupedWrites<Int64, TaskAdd, Bool>(key: \.user)
  /// Different users' whole data replaced while one is written, written together.
  let wholeReplaces = GroupedWrites<String, WholeReplace, Bool>(key: \.name)
  /// Devices' deliveries noted while one is written, written together.
  let pushDeliveries = GroupedWrites<String, PushDelivered, Void>(key: \.id)
  /// Different users' devices read while one user's are, read together.
  let subscriptionReads = GroupedWrites<Int64, Int64, [PushSubscriptionRecord]>(key: \.self)

  /// Connects to `url`, brings the schema up to date, and runs `body` with the store; the
  /// connections close when it returns. An unreachable server is an `EnvironmentError` at once,
  /// not a wait. Later, while the server cannot be reached, calls throw `DatabaseUnavailable`
  /// within seconds, and the first call after it is back reconnects.
  public static func withStore<Result: Sendable>(
    _ url: PostgresURL, logger: Logger, limits: DatabaseConnections.Limits = .init(),
    _ body: @Sendable (PostgresStore) async throws -> Result
  ) async throws -> Result {
    let client = DatabaseConnections(url: url, limits: limits, logger: logger)
    defer { client.close() }
    do {
      try await client.withConnection { connection in
        try await PostgresSchema.migrate(connection, logger: logger)
      }
    } catch {
      throw EnvironmentError(
        tried: "opening the database \(url)", problem: PostgresProblem.describe(error),
        remedy: "is PostgreSQL running there, and may this user connect?")
    }
    return try await body(PostgresStore(client: client, logger: logger, url: url))
  }

  /// Runs `body` in a transaction, as `PostgresProblem` errors: the first error of the body, or
  /// of the commit, is thrown as it was.
  func transaction<Value: Sendable>(
    _ body: (DatabaseConnection) async throws -> sending Value
  ) async throws -> Value {
    try await client.withTransaction(logger: logger, body)
  }

  /// Returns when the database answers; throws `DatabaseUnavailable` while it does not.
  public func ping() async throws {
    try await execute("SELECT 1")
  }

  /// Runs one statement on a connection of its own, reading whatever it returns.
  func execute(_ query: PostgresQuery) async throws {
    try await client.withConnection { connection in
      _ = try await connection.query(query, logger: logger).collect()
    }
  }
}
