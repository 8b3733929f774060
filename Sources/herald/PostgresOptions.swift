import ArgumentParser
import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldRuntime
import Logging

/// `--postgres URL`, shared by the commands of a many-user Herald (`contracts/server.md`).
struct PostgresOptions: ParsableArguments {
  static let variable = "HERALD_POSTGRES_URL"

  @Option(
    help: ArgumentHelp(
      "The many-user database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.",
      discussion: "Default: $HERALD_POSTGRES_URL.", valueName: "url"))
  var postgres: String?

  /// The database the option or the environment names; nil when neither does.
  func url() throws(FieldError) -> PostgresURL? {
    if let postgres {
      do { return try PostgresURL(postgres) } catch { throw error.prefixed("--postgres") }
    }
    guard let text = ProcessInfo.processInfo.environment[Self.variable], !text.isEmpty else { return nil }
    do { return try PostgresURL(text) } catch { throw error.prefixed(Self.variable) }
  }

  /// Runs `body` with the store of the named database (migrated on the way in).
  func withStore<Result: Sendable>(
    logger: Logger = HeraldLogging.logger(verbose: false).quiet(),
    _ body: @Sendable (PostgresStore) async throws -> Result
  ) async throws -> Result {
    guard let url = try url() else {
      throw FieldError("--postgres", "required: the many-user database (or set \(Self.variable))")
    }
    return try await PostgresStore.withStore(url, logger: logger, body)
  }
}
