import Foundation
import HeraldCore
import HeraldSystem
import Logging
import PostgresNIO

/// Herald's data for many users in PostgreSQL: users, their tokens, their data and their due
/// deliveries. Any number of processes may use one database at once; every change to a user's
/// data and the reconciliation of their deliveries is one transaction, serialised per user by a
/// lock on the user's row.
public struct PostgresStore: Sendable {
  let client: PostgresClient
  let logger: Logger
  public let url: PostgresURL

  /// Connects to `url`, brings the schema up to date, and runs `body` with the store; the
  /// connections close when it returns. An unreachable server is an `EnvironmentError` at once,
  /// not a wait.
  public static func withStore<Result: Sendable>(
    _ url: PostgresURL, logger: Logger, _ body: @Sendable (PostgresStore) async throws -> Result
  ) async throws -> Result {
    // The first connection is made by hand: a pool would retry a refused connection forever.
    do {
      let connection = try await PostgresConnection.connect(
        configuration: .init(
          host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
          tls: .disable), id: 0, logger: logger)
      do { try await PostgresSchema.migrate(connection, logger: logger) } catch {
        try? await connection.close()
        throw error
      }
      try await connection.close()
    } catch {
      throw EnvironmentError(
        tried: "opening the database \(url)", problem: PostgresProblem.describe(error),
        remedy: "is PostgreSQL running there, and may this user connect?")
    }
    // The pool warns when a lease comes before its run task has started (a harmless race here:
    // the lease waits); connection trouble still reaches the caller as an error.
    var background = logger
    background.logLevel = max(logger.logLevel, .error)
    let client = PostgresClient(configuration: url.configuration, backgroundLogger: background)
    return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      return try await body(PostgresStore(client: client, logger: logger, url: url))
    }
  }

  /// Runs `body` in a transaction, as `PostgresProblem` errors: the first error of the body, or
  /// of the commit, is thrown as it was.
  func transaction<Value: Sendable>(
    _ body: (PostgresConnection) async throws -> sending Value
  ) async throws -> Value {
    do {
      return try await client.withTransaction(logger: logger, body)
    } catch let error as PostgresTransactionError {
      throw error.closureError ?? error.commitError ?? error.beginError ?? error
    }
  }
}
