import Foundation
import HTTPTypes
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Testing
import Yams

@testable import HeraldServer

/// `herald serve --postgres`: one user's token never reads or changes another user's data. The
/// test walks the OpenAPI document, so an operation added later is checked too.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresIsolationTests {
  static let methods: [String: HTTPRequest.Method] = [
    "get": .get, "post": .post, "put": .put, "patch": .patch, "delete": .delete,
  ]

  /// Every operation of the served document: its method and its path as written (`{id}` kept).
  static func operations() throws -> [(HTTPRequest.Method, String)] {
    let document = try #require(try Yams.load(yaml: OpenAPIDocument.text) as? [String: Any])
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    return paths.flatMap { path, item in item.keys.compactMap { methods[$0] }.map { ($0, path) } }
      .sorted { ($0.1, $0.0.rawValue) < ($1.1, $1.0.rawValue) }
  }

  /// Bob's objects, each titled with "secret" so that any answer showing one is caught.
  static let bobsData: [(HTTPRequest.Method, String, String?)] = [
    (.post, "/tasks", #"{"id": "t1", "title": "Bob secret task", "due": "2026-11-24T17:00:00+01:00"}"#),
    (
      .post, "/focus-blocks",
      #"{"id": "b1", "title": "Bob secret block", "start": "2026-11-23T09:00:00+01:00", "end": "2026-11-23T10:30:00+01:00", "taskIDs": ["t1"]}"#
    ),
    (
      .post, "/routes",
      #"{"id": "park", "name": "Bob secret park", "waypoints": [{"id": "a", "name": "Secret spot", "latitude": 52.5145, "longitude": 13.3501}]}"#
    ),
    (.post, "/movement/templates/officeWorker/apply", nil),
    (.patch, "/settings", #"{"dueDateAdvanceReminderEnabled": true}"#),
    (
      .post, "/push-subscriptions",
      pushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/bob-secret")
    ),
  ]

  /// A subscription's body as a browser gives it (the keys of docs/phone.md's example).
  static func pushSubscription(endpoint: String) -> String {
    #"{"endpoint": "\#(endpoint)", "expirationTime": null, "keys": {"p256dh": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", "auth": "BTBZMqHH6r4Tts7J_aSIgg"}}"#
  }

  /// A well-formed body for each operation that takes one, so that a refusal is about whose data
  /// it is, not about the input. Ids in Alice's own objects differ from Bob's.
  static let bodies: [String: String] = [
    "POST /focus-blocks":
      #"{"id": "alice-block", "title": "Alice block", "start": "2026-11-24T09:00:00Z", "end": "2026-11-24T10:00:00Z"}"#,
    "PUT /focus-blocks/{id}":
      #"{"title": "Alice was here", "start": "2026-11-24T09:00:00Z", "end": "2026-11-24T10:00:00Z"}"#,
    "POST /tasks": #"{"id": "alice-task", "title": "Alice task"}"#,
    "PUT /tasks/{id}": #"{"title": "Alice was here", "completed": true}"#,
    "PATCH /settings": #"{"focusBlockLeadMinutes": 10, "locale": "en"}"#,
    "PUT /movement":
      #"{"intervalMinutes": 30, "fallbackIntervalMinutes": 60, "activeHours": {"start": "08:00", "end": "20:00"}, "days": {"monday": {"kind": "timeBlocks", "timeBlocks": [{"start": "09:00", "end": "17:00", "style": "urgent"}]}}}"#,
    "POST /push-subscriptions": pushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/alice"),
    "POST /routes":
      #"{"id": "alice-route", "name": "Alice route", "waypoints": [{"id": "a", "name": "Alice spot", "latitude": 52.5, "longitude": 13.35}]}"#,
  ]

  /// The id of Bob's object a path names (his subscription's is made by the server).
  static func bobsID(in path: String, subscription: String) -> String {
    path.hasPrefix("/tasks")
      ? "t1"
      : path.hasPrefix("/routes") ? "park" : path.hasPrefix("/push-subscriptions") ? subscription : "b1"
  }

  @Test func everyOperationOfTheDocumentActsOnTheTokensUserOnly() async throws {
    let operations = try Self.operations()
    #expect(operations.count >= 20)
    try await PostgresServerHarness.with { harness in
      try await harness.test { client in
        var bobsSubscription = ""
        for (method, path, json) in Self.bobsData {
          let answer = try await harness.call(client, harness.bob, method, "/api/v1" + path, json: json)
          #expect(answer.status.kind == .successful, "bob \(method) \(path): \(answer.text)")
          if path == "/push-subscriptions" {
            let object = try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any]
            bobsSubscription = try #require(object?["id"] as? String)
          }
        }
        let bobBefore = try await harness.store.planningState(ofUser: harness.bob.id)
        let bobPendingBefore = try await harness.pending(harness.bob)
        #expect(bobPendingBefore.contains("focus-block-start-b1 @ 2026-11-23T07:55:00Z"))

        // The delivery stream never ends, so a walk cannot wait for its answer; DeliveryStreamTests
        // show that it carries the token's user's deliveries only.
        for (method, path) in operations where path != "/deliveries/events" {
          let concrete = path.replacingOccurrences(
            of: "{id}", with: Self.bobsID(in: path, subscription: bobsSubscription)
          )
          .replacingOccurrences(of: "{name}", with: "officeWorker")
          let body = Self.bodies["\(method) \(path)"] ?? (method == .get || method == .delete ? nil : "{}")
          let answer = try await harness.call(client, harness.alice, method, "/api/v1" + concrete, json: body)
          if path.contains("{id}") {
            #expect(
              answer.status == .notFound || answer.status == .forbidden,
              "alice \(method) \(concrete) reached bob's object: \(answer.status) \(answer.text)")
          }
          #expect(answer.status != .unauthorized, "alice \(method) \(concrete): her token was refused")
          #expect(
            !answer.text.lowercased().contains("secret"), "alice \(method) \(concrete) saw: \(answer.text)")
        }

        // Alice's requests changed her data only: Bob's document and deliveries are as they were,
        // and his objects still answer him.
        #expect(try await harness.store.planningState(ofUser: harness.bob.id) == bobBefore)
        #expect(try await harness.pending(harness.bob) == bobPendingBefore)
        let bobsDevices = try await harness.call(client, harness.bob, .get, "/api/v1/push-subscriptions")
        #expect(bobsDevices.text.contains(bobsSubscription) && bobsDevices.text.contains("bob-secret"))
        #expect(!bobsDevices.text.contains("alice"), "bob's devices: \(bobsDevices.text)")
        for path in ["/focus-blocks/b1", "/tasks/t1", "/routes/park", "/movement"] {
          let answer = try await harness.call(client, harness.bob, .get, "/api/v1" + path)
          #expect(answer.status == .ok, "bob GET \(path)")
          #expect(answer.text.contains("secret") || path == "/movement", "bob GET \(path): \(answer.text)")
        }
        let alice = try await harness.store.planningState(ofUser: harness.alice.id)
        #expect(alice.focusBlocks.map(\.id) == ["alice-block"])
        #expect(alice.tasks.map(\.id) == ["alice-task"])
        #expect(alice.settings.focusBlockLeadMinutes == 10)
        #expect(bobBefore.settings.focusBlockLeadMinutes == 5)
      }
    }
  }

  @Test func aTokenOfNoUserIsRefusedAndPagesNeedALogin() async throws {
    try await PostgresServerHarness.with { harness in
      try await harness.test { client in
        var stranger = harness.alice
        stranger.token += "x"
        let refused = try await harness.call(client, stranger, .get, "/api/v1/tasks")
        #expect(refused.status == .unauthorized)
        // Many users: no page acts for anyone without a login, even on loopback.
        let page = try await client.execute(uri: "/today", method: .get) { $0 }
        #expect(page.status == .seeOther || page.status == .found)
        #expect(page.headers[.location]?.hasPrefix("/login") == true)
      }
    }
  }
}
