import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldSQLite
import Testing

/// An engine that keeps a user's data, as the behaviour tests of `UserData` run on it: one
/// person's SQLite store, or one user of a PostgreSQL database (when a server is there).
enum UserDataEngine: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres

  /// SQLite always; PostgreSQL where the tests have a server (CI requires one).
  static var available: [UserDataEngine] { TestDatabase.enabled ? allCases : [.sqlite] }

  var testDescription: String { rawValue }

  /// Runs `body` with a user's empty data on this engine, in `zone`, its changes made at `now`.
  func withData(
    zone: Zone = .utc, now: Date, _ body: @Sendable (any UserData) async throws -> Void
  ) async throws {
    switch self {
    case .sqlite:
      try await body(try SQLiteStore.inMemory())
    case .postgres:
      try await TestDatabase.withDatabase { url in
        try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
          _ = try await store.addUser(name: "ada", timeZone: zone, language: .de, webhook: nil, at: now)
          try await body(store.data(ofUser: try await store.user(named: "ada").id) { now })
        }
      }
    }
  }
}
