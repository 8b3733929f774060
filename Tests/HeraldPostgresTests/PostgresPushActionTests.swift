import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldPush
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The links of a push `herald worker` sent a user of a PostgreSQL server: signed with the
/// deployment's secret for that user, answered without a login — a due task's "done" completes
/// that user's task once; another user's task, a forged or an expired link changes nothing.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresPushActionTests {
  @Test func aUsersDoneLinkCompletesTheirTaskOnceAndNothingElse() async throws {
    try await PostgresServerHarness.with { harness in
      let now = PostgresServerHarness.now
      let alice = harness.store.data(ofUser: harness.alice.id) { now }
      let bob = harness.store.data(ofUser: harness.bob.id) { now }
      try await alice.addTask(id: "t1", title: "Steuer", due: now + 7200, completed: false)
      try await bob.addTask(id: "t1", title: "Bobs Steuer", due: now + 7200, completed: false)
      let secret = try LinkSecret(text: try await harness.store.pushLinkSecret { LinkSecret().text })
      @Sendable func path(
        _ user: String, _ action: ActionLink.Action = .done, fired: Date = now, with key: LinkSecret = secret
      )
        -> String
      {
        let link = ActionLink(
          scope: .user(user), requestID: "due-date-advance-t1", action: action, fireDate: fired)
        return "/push/actions/" + link.token(secret: key)
      }
      try await harness.test { client in
        let page = try await client.execute(uri: path("alice"), method: .get) { $0 }
        #expect(page.status == .ok)
        #expect(String(buffer: page.body).contains("Steuer"))
        for _ in 0..<2 {
          let done = try await client.execute(uri: path("alice"), method: .post) { $0 }
          #expect(done.status == .ok)
        }
        #expect(try await alice.tasks().map(\.completed) == [true])
        #expect(try await bob.tasks().map(\.completed) == [false], "a link of Alice's reached Bob's task")
        // Forged (another secret), expired, or of nobody: 403 / 410, nothing changed.
        let forged = try await client.execute(uri: path("bob", with: LinkSecret()), method: .post) { $0 }
        #expect(forged.status == .forbidden)
        let expired = try await client.execute(
          uri: path("bob", fired: now - 2 * ActionLink.validity), method: .post
        ) { $0 }
        #expect(expired.status == .gone)
        let nobody = try await client.execute(uri: path("carol"), method: .post) { $0 }
        #expect(nobody.status == .forbidden)
        #expect(try await bob.tasks().map(\.completed) == [false])
      }
    }
  }
}
