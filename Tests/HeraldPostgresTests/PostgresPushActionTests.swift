import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPush
import HeraldTestSupport
import HeraldWebhooks
import HeraldWorker
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// The links of a push `herald worker` sent a user of a PostgreSQL server: signed with the
/// deployment's secret for that user, answered without a login — a due task's "done" completes
/// that user's task once, a movement break's buttons answer it; another user's task, a forged or
/// an expired link changes nothing.
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

  /// A movement break's buttons on a user's phone answer it as the desktop's do for one person:
  /// "snooze" brings it back five minutes on (once, however often pressed), "done" counts the
  /// break, and a button of a reminder a later one replaced changes nothing.
  @Test func aUsersMovementButtonsAnswerTheirBreakAsTheDesktopsDo() async throws {
    try await PostgresServerHarness.with { harness in
      try await harness.store.replaceData(
        ofUser: "alice", with: ScenarioDocument.decode(Data(DeliveryWorkerTests.movement.utf8)),
        now: PostgresServerHarness.now)
      let worker = DeliveryWorker(
        store: harness.store, clock: harness.clock, poster: HTTPWebhookPoster(), logger: TestDatabase.logger)
      let shown = Fixtures.instant("2026-11-23T09:20:00Z")
      harness.clock.advance(by: shown.timeIntervalSince(harness.clock.now()))
      #expect(try await worker.deliverDue() == 1)
      let secret = try LinkSecret(text: try await harness.store.pushLinkSecret { LinkSecret().text })
      @Sendable func path(_ action: ActionLink.Action, fired: Date = shown) -> String {
        let link = ActionLink(
          scope: .user("alice"), requestID: "exercise-reminder", action: action, fireDate: fired)
        return "/push/actions/" + link.token(secret: secret)
      }
      @Sendable func rows() async throws -> [String] {
        try await TestDatabase.column(
          harness.store.url,
          """
          SELECT request_id || ' ' || to_char(fire_at AT TIME ZONE 'UTC', 'HH24:MI') || ' ' || status
          FROM delivery WHERE user_id = \(harness.alice.id) AND status = 'pending' ORDER BY fire_at
          """
        ).compactMap { $0 }
      }
      // The scenario's user speaks English.
      let before = try await rows()
      try await harness.test { client in
        let page = try await client.execute(uri: path(.snooze), method: .get) { $0 }
        #expect(page.status == .ok)
        #expect(String(buffer: page.body).contains(PageTexts(language: .en).pushActionMovement))
        // A snooze at 09:21: the break comes again at 09:26; pressed again, it moves nothing.
        harness.clock.advance(by: 60)
        for _ in 0..<2 {
          let snoozed = try await client.execute(uri: path(.snooze), method: .post) { $0 }
          #expect(snoozed.status == .ok)
        }
        let afterSnooze = try await rows()
        #expect(afterSnooze != before, "\(before) → \(afterSnooze)")
        #expect(afterSnooze.contains { $0.contains(" 09:26 ") }, "\(afterSnooze)")
        // A link of an earlier reminder (not the one on screen) changes nothing.
        let old = try await client.execute(uri: path(.done, fired: shown - 1200), method: .post) { $0 }
        #expect(String(buffer: old.body).contains(PageTexts(language: .en).pushActionSettled))
        #expect(try await rows() == afterSnooze)
        // "Done" counts the break: the report's log says one of one, and the repeat is gone.
        let done = try await client.execute(uri: path(.done), method: .post) { $0 }
        #expect(String(buffer: done.body).contains(PageTexts(language: .en).pushActionPerformed(.done)))
        let log = try await harness.store.planningState(ofUser: harness.alice.id).movementLog
        #expect(log?.progress.acknowledged == 1 && log?.progress.delivered == 1, "\(String(describing: log))")
        let afterDone = try await rows()
        #expect(afterDone.allSatisfy { !$0.contains(" 09:26 ") }, "\(afterDone)")
      }
    }
  }
}
