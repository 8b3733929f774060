import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// A notification's links answered without a login (`contracts/push.md`, "Actions from the
/// notification"): a POST does the action once however often it comes, a GET shows one button,
/// an expired link answers 410 and a tampered or foreign one 403, changing nothing.
@Suite struct PushActionTests {
  typealias Page = (status: HTTPResponse.Status, headers: HTTPFields, body: String)

  /// The reminders' time: a minute before the harness's clock.
  static let fire = ServerHarness.now - 60

  static func send(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String)
    async throws -> Page
  {
    try await client.execute(uri: path, method: method, headers: [:]) {
      ($0.status, $0.headers, String(buffer: $0.body))
    }
  }

  /// The path of the store's link for `action` on `requestID` fired at `fireDate`.
  static func path(
    _ action: ActionLink.Action, _ requestID: String, at fireDate: Date = fire,
    scope: ActionLink.Scope = .store,
    store: SQLiteStore
  ) throws -> String {
    let secret = try LinkSecret(text: try store.pushLinkSecret { LinkSecret().text })
    let token = ActionLink(scope: scope, requestID: requestID, action: action, fireDate: fireDate)
      .token(secret: secret)
    return "/push/actions/" + token
  }

  /// The regular movement reminder shown at `date`, waiting for its answer.
  static func showMovement(_ store: SQLiteStore, at date: Date) throws {
    try store.recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: date), deliveredAt: date, late: false,
      effects: [.movementReminderShown(at: date, day: try #require(CivilDate("2026-11-23")))],
      slot: "exercise-reminder", awaiting: .movementBreak)
  }

  @Test func aTaskIsDoneOnceByAPostAndTheGetShowsOneButton() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    _ = try harness.store.addTask(id: "t1", title: "Steuer", due: ServerHarness.now + 3600)
    let path = try Self.path(.done, "due-date-morning-t1", store: harness.store)
    try await harness.test { client async throws in
      let page = try await Self.send(client, .get, path)
      #expect(page.status == .ok)
      #expect(page.body.contains("<form method=\"post\" id=\"push-action-form\">"))
      #expect(page.body.contains(">Erledigt</button>"))
      #expect(page.body.contains(#"<p id="push-action-subject"><strong>Steuer</strong></p>"#))
      #expect(try harness.store.tasks().first?.completed == false)

      let done = try await Self.send(client, .post, path)
      #expect(done.status == .ok)
      #expect(done.body.contains("Erledigt."))
      #expect(try harness.store.tasks().first?.completed == true)

      let again = try await Self.send(client, .post, path)
      #expect(again.status == .ok)
      #expect(again.body.contains("schon beantwortet"))
    }
  }

  @Test func aMovementReminderIsSnoozedOnceAndThenDoneOnce() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try Self.showMovement(harness.store, at: Self.fire)
    let snooze = try Self.path(.snooze, "exercise-reminder", store: harness.store)
    let done = try Self.path(.done, "exercise-reminder", store: harness.store)
    try await harness.test { client async throws in
      #expect(try await Self.send(client, .post, snooze).status == .ok)
      #expect(try harness.store.movementLog().snoozedAt == ServerHarness.now)
      // Pressed again later: the repeat is not pushed further back.
      harness.clock.advance(by: 30)
      let again = try await Self.send(client, .post, snooze)
      #expect(again.status == .ok)
      #expect(again.body.contains("schon beantwortet"))
      #expect(try harness.store.movementLog().snoozedAt == ServerHarness.now)

      // "Done" on the same notification still counts the break, once.
      #expect(try await Self.send(client, .post, done).status == .ok)
      #expect(try await Self.send(client, .post, done).status == .ok)
      let log = try harness.store.movementLog()
      #expect(log.snoozedAt == nil)
      #expect(log.progress.acknowledged == 1)
    }
  }

  @Test func anOlderMovementNotificationChangesNothingOnceALaterOneIsShown() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try Self.showMovement(harness.store, at: Self.fire - 3600)
    let old = try Self.path(.done, "exercise-reminder", at: Self.fire - 3600, store: harness.store)
    try Self.showMovement(harness.store, at: Self.fire)
    try await harness.test { client async throws in
      let page = try await Self.send(client, .post, old)
      #expect(page.status == .ok)
      #expect(try harness.store.movementLog().lastReminderAnswered == false)
      #expect(try harness.store.movementLog().progress.acknowledged == 0)
    }
  }

  @Test func anExpiredLinkAnswers410AndChangesNothing() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    _ = try harness.store.addTask(id: "t1", title: "Steuer", due: ServerHarness.now)
    let path = try Self.path(
      .done, "due-date-morning-t1", at: ServerHarness.now - 86_400, store: harness.store)
    try await harness.test { client async throws in
      #expect(try await Self.send(client, .post, path).status == .gone)
      #expect(try await Self.send(client, .get, path).status == .gone)
      #expect(try harness.store.tasks().first?.completed == false)
    }
  }

  @Test func aTamperedForeignOrOtherUsersLinkAnswers403AndChangesNothing() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    _ = try harness.store.addTask(id: "t1", title: "Steuer", due: ServerHarness.now)
    _ = try harness.store.addTask(id: "t2", title: "Miete", due: ServerHarness.now)
    let genuine = try Self.path(.done, "due-date-morning-t1", store: harness.store)
    // The payload of t1's link names t2 instead, its MAC kept.
    let token = genuine.dropFirst("/push/actions/".count)
    let parts = token.split(separator: ".")
    let payload = String(decoding: try #require(Base64URL.decode(String(parts[0]))), as: UTF8.self)
    let forged = Base64URL.encode(Array(payload.replacingOccurrences(of: "t1", with: "t2").utf8))
    let foreignSecret = LinkSecret(bytes: [UInt8](repeating: 7, count: 32))
    let foreign = ActionLink(
      scope: .store, requestID: "due-date-morning-t1", action: .done, fireDate: Self.fire
    )
    .token(secret: foreignSecret)
    let otherUser = try Self.path(.done, "due-date-morning-t1", scope: .user("bob"), store: harness.store)
    try await harness.test { client async throws in
      for path in [
        "/push/actions/\(forged).\(parts[1])", "/push/actions/\(foreign)", otherUser,
        "/push/actions/nonsense",
      ] {
        #expect(try await Self.send(client, .post, path).status == .forbidden, "\(path)")
        #expect(try await Self.send(client, .get, path).status == .forbidden, "\(path)")
      }
      #expect(try harness.store.tasks().map(\.completed) == [false, false])
    }
  }

  @Test func theLinksWorkWithoutALoginWhenThePagesNeedOne() async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    _ = try harness.store.addTask(id: "t1", title: "Steuer", due: ServerHarness.now)
    let path = try Self.path(.done, "due-date-morning-t1", store: harness.store)
    try await harness.test { client async throws in
      // The pages themselves still send a phone without a session to the login.
      #expect(try await Self.send(client, .get, "/today").status == .seeOther)
      #expect(try await Self.send(client, .get, path).status == .ok)
      #expect(try await Self.send(client, .post, path).status == .ok)
      #expect(try harness.store.tasks().first?.completed == true)
    }
  }

  @Test func aMapOrTheNotificationItselfOpensItsPage() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let map = try Self.path(.map, "spot_Brunnen_1795000000", store: harness.store)
    let open = try Self.path(.open, "due-date-morning-t1", store: harness.store)
    try await harness.test { client async throws in
      let toMap = try await Self.send(client, .get, map)
      #expect(toMap.status == .seeOther)
      #expect(toMap.headers[.location] == "/route")
      let toPage = try await Self.send(client, .post, open)
      #expect(toPage.status == .seeOther)
      #expect(toPage.headers[.location] == "/today")
    }
  }
}
