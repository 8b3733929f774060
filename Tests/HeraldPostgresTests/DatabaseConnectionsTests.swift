import Foundation
import HeraldPostgresConnections
import PostgresNIO
import Synchronization
import Testing

@testable import HeraldPostgres

/// Every wait on the database ends, whatever closed the connection under it: PostgresNIO never
/// answers a statement sent on a closed connection, so a caller that sent one would wait forever
/// (two tests of the suite once did, holding CI until its limit).
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DatabaseConnectionsTests {
  /// Runs `body` on a task of its own and returns its error, or `nil` if it returned; a body still
  /// running after `seconds` is a failure, not a hang of the whole run.
  func error(within seconds: Double, _ body: @escaping @Sendable () async throws -> Void) async -> (
    any Error
  )? {
    let outcome = Mutex<(any Error)??>(nil)
    let task = Task {
      do {
        try await body()
        outcome.withLock { $0 = .some(nil) }
      } catch {
        outcome.withLock { $0 = .some(error) }
      }
    }
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if let ended = outcome.withLock({ $0 }) { return ended }
      try? await Task.sleep(for: .milliseconds(20))
    }
    task.cancel()
    Issue.record("still waiting after \(seconds) s")
    return nil
  }

  @Test func aCallPastItsTimeEndsThoughItSendsAnotherStatementAfterItsConnectionClosed() async throws {
    try await TestDatabase.withDatabase { url in
      let connections = DatabaseConnections(
        url: url, limits: .init(callTimeout: .milliseconds(300)), logger: TestDatabase.logger)
      defer { connections.close() }
      // Work outside the database outlasts the call's time: its connection is closed under it,
      // and then it sends a statement (and, failing, its transaction's ROLLBACK).
      let error = await error(within: 20) {
        try await connections.withTransaction(logger: TestDatabase.logger) { connection in
          try await Task.sleep(for: .seconds(1))
          try await connection.query("SELECT 1", logger: TestDatabase.logger)
        }
      }
      #expect(error is DatabaseUnavailable, "\(String(describing: error))")
      // The next call gets a new connection and works.
      let answer = try await connections.withConnection { connection in
        try await connection.query("SELECT 41 + 1", logger: TestDatabase.logger).collect().first?.decode(
          Int.self)
      }
      #expect(answer == 42)
    }
  }

  /// One timer watches every call's deadline: the one a call that ended in time armed is armed
  /// again, when it fires, for the calls still holding their connections.
  @Test func aCallPastItsTimeEndsAfterAnEarlierCallEndedInTime() async throws {
    try await TestDatabase.withDatabase { url in
      let connections = DatabaseConnections(
        url: url, limits: .init(callTimeout: .milliseconds(300)), logger: TestDatabase.logger)
      defer { connections.close() }
      _ = try await connections.withConnection { try await $0.query("SELECT 1", logger: TestDatabase.logger) }
      try await Task.sleep(for: .milliseconds(100))
      let error = await error(within: 20) {
        try await connections.withConnection { connection in
          try await Task.sleep(for: .seconds(1))
          try await connection.query("SELECT 1", logger: TestDatabase.logger)
        }
      }
      #expect(error is DatabaseUnavailable, "\(String(describing: error))")
    }
  }

  @Test func aConnectionTheServerEndedAnswersItsNextStatementWithAnError() async throws {
    try await TestDatabase.withDatabase { url in
      let connections = DatabaseConnections(url: url, logger: TestDatabase.logger)
      defer { connections.close() }
      let error = await error(within: 20) {
        try await connections.withConnection { connection in
          let backend = try await connection.query("SELECT pg_backend_pid()", logger: TestDatabase.logger)
            .collect().first?.decode(Int32.self)
          _ = try await TestDatabase.column(url, "SELECT pg_terminate_backend(\(backend ?? 0))::text")
          // Until PostgresNIO has seen the end, a statement fails as it goes; after, it is refused.
          for _ in 0..<50 {
            try await connection.query("SELECT 1", logger: TestDatabase.logger)
            try await Task.sleep(for: .milliseconds(20))
          }
        }
      }
      #expect(error is DatabaseUnavailable, "\(String(describing: error))")
    }
  }

  @Test func aListenerEndsWhenCancelled() async throws {
    try await TestDatabase.withStore { store in
      let listening = Task { try await store.listenForDeliveries { _ in } }
      try await Task.sleep(for: .milliseconds(200))
      listening.cancel()
      // It ends (PostgresNIO's sequence of notifications simply finishes, without an error).
      _ = await error(within: 20) { try await listening.value }
    }
  }
}
