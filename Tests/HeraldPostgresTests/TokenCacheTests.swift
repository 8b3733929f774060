import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgresConnections
import HeraldSQLite
import HeraldTestSupport
import Testing

@testable import HeraldPostgres

/// The users of API tokens a server keeps (`TokenCache`), held to what other processes change.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct TokenCacheTests {
  /// Another process's change of a user — by any statement: these are plain SQL — reaches a
  /// server that keeps tokens' users: their zone changed, the user removed. Before the server
  /// listens nothing is kept, and with the notifying trigger off the kept user is what a look-up
  /// answers (so the look-ups after it do test the notification, not a read).
  @Test func aTokensUserChangedByAnotherProcessIsLookedUpAgain() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        let token = try await store.addUser(
          name: "ada", timeZone: Fixtures.zone("Europe/Berlin"), language: .en, webhook: nil,
          at: Date(timeIntervalSince1970: 1_800_000_000))
        let hash = AccessSecret.hash(token)
        func zone() async throws -> String? { try await store.user(forToken: token)?.timeZone.identifier }
        func change(_ sql: String) async throws { _ = try await TestDatabase.column(url, sql) }

        #expect(try await zone() == "Europe/Berlin")
        #expect(store.tokens.user(forHash: hash) == nil)
        try await change("UPDATE herald_user SET time_zone = 'Asia/Tokyo' RETURNING name")
        #expect(try await zone() == "Asia/Tokyo")

        let listening = Task { try await store.keepTokensCurrent() }
        defer { listening.cancel() }
        try await WorkerWakeTests.until("the token's user kept") {
          _ = try await store.user(forToken: token)
          return store.tokens.user(forHash: hash) != nil
        }
        try await change("ALTER TABLE herald_user DISABLE TRIGGER herald_user_changed")
        try await change("UPDATE herald_user SET time_zone = 'America/Chicago' RETURNING name")
        #expect(try await zone() == "Asia/Tokyo")

        try await change("ALTER TABLE herald_user ENABLE TRIGGER herald_user_changed")
        try await change("UPDATE herald_user SET time_zone = 'Pacific/Auckland' RETURNING name")
        try await WorkerWakeTests.until("the new zone looked up") { try await zone() == "Pacific/Auckland" }

        try await change("DELETE FROM herald_user RETURNING name")
        try await WorkerWakeTests.until("the removed user's token refused") {
          try await store.user(forToken: token) == nil
        }
      }
    }
  }

  /// A listening connection that is no longer heard from — here its backend frozen, as a network
  /// path that drops without a reset would leave it — stops the cache within its checks: a user
  /// removed meanwhile, whose notification cannot arrive, is refused.
  ///
  /// On a server of its own: while a backend is frozen, every `CREATE DATABASE` and `DROP DATABASE`
  /// of its server waits (each backend must take a barrier they raise), and the other suites make
  /// and drop theirs all the time.
  @Test func aListenerNoLongerHeardStopsTheCacheWithinItsCheck() async throws {
    let postgres = try OwnPostgres()
    defer { postgres.remove() }
    let url = postgres.url
    let limits = DatabaseConnections.Limits(listenCheck: .seconds(1))
    try await PostgresStore.withStore(url, logger: TestDatabase.logger, limits: limits) { store in
      let token = try await store.addUser(
        name: "ada", timeZone: Fixtures.zone("Europe/Berlin"), language: .en, webhook: nil,
        at: Date(timeIntervalSince1970: 1_800_000_000))
      let listening = Task { try await store.keepTokensCurrent() }
      defer { listening.cancel() }
      try await WorkerWakeTests.until("the token's user kept") {
        _ = try await store.user(forToken: token)
        return store.tokens.user(forHash: AccessSecret.hash(token)) != nil
      }
      let listener = try await TestDatabase.column(
        url,
        """
        SELECT pid::text FROM pg_stat_activity WHERE datname = current_database()
        AND (query LIKE 'LISTEN%' OR query = 'SELECT ''still listening''')
        """)
      let pid = try #require(listener.count == 1 ? listener[0].flatMap { Int32($0) } : nil)
      try #require(kill(pid, SIGSTOP) == 0, "the database runs on this machine")
      defer { kill(pid, SIGCONT) }

      _ = try await TestDatabase.column(url, "DELETE FROM herald_user RETURNING name")
      let removed = ContinuousClock.now
      try await WorkerWakeTests.until("the removed user's token refused") {
        try await store.user(forToken: token) == nil
      }
      // Two checks at most: one sent just before the freeze and answered, the next unanswered.
      #expect(ContinuousClock.now - removed < .seconds(5))
      await #expect(throws: DatabaseUnavailable.self) { try await listening.value }
    }
  }

  /// The cache forgets everything when it stops listening and is not used until it listens
  /// again; a look-up that began before a forgetting is not kept after it.
  @Test func nothingIsKeptWhileNotListeningOrAcrossAForgetting() throws {
    let cache = TokenCache(capacity: 2)
    let user = HeraldUser(
      id: 1, name: "ada", timeZone: Zone.utc, language: .en, webhook: nil,
      webhookSecret: WebhookSecret.generate(), createdAt: Date(timeIntervalSince1970: 0))
    let hash = AccessSecret.hash("a")
    cache.store(user, forHash: hash, since: cache.generation)
    #expect(cache.user(forHash: hash) == nil)

    cache.forgetAll(listening: true)
    let before = cache.generation
    cache.forgetAll(listening: true)
    cache.store(user, forHash: hash, since: before)
    #expect(cache.user(forHash: hash) == nil)
    cache.store(user, forHash: hash, since: cache.generation)
    #expect(cache.user(forHash: hash) == user)

    // Bounded: a third token makes room.
    for secret in ["b", "c"] {
      cache.store(user, forHash: AccessSecret.hash(secret), since: cache.generation)
    }
    #expect(["a", "b", "c"].filter { cache.user(forHash: AccessSecret.hash($0)) != nil }.count == 2)

    cache.forgetAll(listening: false)
    cache.store(user, forHash: hash, since: cache.generation)
    #expect(cache.user(forHash: hash) == nil)
  }
}
