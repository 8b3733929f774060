import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Testing

/// Web Push's rows for the users of a PostgreSQL database: one key pair and one link secret for the
/// deployment, each user's subscriptions their own.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresPushTests {
  static let now = Fixtures.instant("2026-11-23T07:00:00Z")

  @Test func theDeploymentKeepsOneKeyAndEachUserTheirOwnDevices() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        for name in ["alice", "bob"] {
          _ = try await store.addUser(name: name, timeZone: .utc, language: .de, webhook: nil, at: Self.now)
        }
        let alice = store.data(ofUser: try await store.user(named: "alice").id) { Self.now }
        let bob = store.data(ofUser: try await store.user(named: "bob").id) { Self.now }

        // Made by the first who asks, then the same for every user and every later maker.
        #expect(try await alice.vapidPrivateKey { "key-1" } == "key-1")
        #expect(try await bob.vapidPrivateKey { "key-2" } == "key-1")
        #expect(try await bob.pushLinkSecret { "links-1" } == "links-1")
        #expect(try await alice.pushLinkSecret { "links-2" } == "links-1")

        // Saving, updating and removing one user's subscriptions: `UserDataBehaviourTests`.
        let endpoint = "https://fcm.googleapis.com/fcm/send/x"
        let first = try await alice.savePushSubscription(
          endpoint: endpoint, p256dh: "p1", auth: "a1", expirationTime: nil, at: Self.now)
        // Bob's browser may share the endpoint (two accounts in one browser): his own row.
        let bobs = try await bob.savePushSubscription(
          endpoint: endpoint, p256dh: "p3", auth: "a3", expirationTime: nil, at: Self.now)
        #expect(bobs.created && bobs.record.id != first.record.id)

        try await alice.recordPushDelivered(id: first.record.id, at: Self.now + 120)
        #expect(try await alice.pushSubscriptions().map(\.lastDeliveredAt) == [Self.now + 120])
        #expect(try await bob.pushSubscriptions().map(\.lastDeliveredAt) == [nil])

        // Nobody removes another's subscription.
        await #expect(throws: RecordError.self) { try await bob.removePushSubscription(id: first.record.id) }
        try await alice.removePushSubscription(id: first.record.id)
        #expect(try await alice.pushSubscriptions().isEmpty)
        #expect(try await bob.pushSubscriptions().map(\.id) == [bobs.record.id])
        await #expect(throws: RecordError.self) {
          try await alice.removePushSubscription(id: first.record.id)
        }

        // A user removed takes their devices along.
        try await store.removeUser(named: "bob")
        let left = try await TestDatabase.column(url, "SELECT count(*)::text FROM push_subscription")
        #expect(left == ["0"])
      }
    }
  }
}
