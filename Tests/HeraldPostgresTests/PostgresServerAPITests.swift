import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import Testing

@testable import HeraldServer

/// The API's handlers on PostgreSQL (`herald serve --postgres`): each resource created, read,
/// changed and removed as on SQLite (`APITests`), and every change replans the user's rows of the
/// `delivery` table in the same request. Expected rows follow `contracts/plan.md`: a block at
/// 08:00Z with the default lead of 5 minutes fires at 07:55Z; a task due 2026-11-24T16:00Z gets
/// its morning reminder at 09:00 Berlin, 08:00Z.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresServerAPITests {
  @Test func blocksAndTasksAreCreatedReadChangedAndRemovedAndReplanned() async throws {
    try await PostgresServerHarness.with { harness in
      let alice = harness.alice
      try await harness.test { client in
        let task = try await harness.call(
          client, alice, .post, "/api/v1/tasks",
          json: #"{"title": "Steuer", "due": "2026-11-24T17:00:00+01:00"}"#)
        #expect(task.status == .created)
        #expect((task.body as? [String: Any])?["id"] as? String == "t1")
        let block = try await harness.call(
          client, alice, .post, "/api/v1/focus-blocks",
          json:
            #"{"title": "Deep Work", "start": "2026-11-23T09:00:00+01:00", "end": "2026-11-23T10:30:00+01:00", "taskIDs": ["t1"]}"#
        )
        #expect(block.status == .created)
        let created = try #require(block.body as? [String: Any])
        #expect(created["id"] as? String == "b1")
        #expect(created["start"] as? String == "2026-11-23T08:00:00Z")
        #expect(
          try await harness.pending(alice) == [
            "focus-block-start-b1 @ 2026-11-23T07:55:00Z", "due-date-morning-t1 @ 2026-11-24T08:00:00Z",
          ])

        let read = try await harness.call(client, alice, .get, "/api/v1/focus-blocks/b1")
        #expect((read.body as? [String: Any])?["title"] as? String == "Deep Work")
        #expect((read.body as? [String: Any])?["taskIDs"] as? [String] == ["t1"])
        let moved = try await harness.call(
          client, alice, .put, "/api/v1/focus-blocks/b1",
          json:
            #"{"title": "Later", "start": "2026-11-23T10:00:00+01:00", "end": "2026-11-23T11:00:00+01:00", "taskIDs": ["t1"]}"#
        )
        #expect(moved.status == .ok)
        #expect(
          try await harness.pending(alice) == [
            "focus-block-start-b1 @ 2026-11-23T08:55:00Z", "due-date-morning-t1 @ 2026-11-24T08:00:00Z",
          ])

        // The same rules as SQLite: a taken id is 409, an unknown link 422, a missing block 404.
        let twin = try await harness.call(
          client, alice, .post, "/api/v1/tasks", json: #"{"id": "t1", "title": "Twin"}"#)
        #expect(twin.status == .conflict)
        let badLink = try await harness.call(
          client, alice, .put, "/api/v1/focus-blocks/b1",
          json:
            #"{"title": "x", "start": "2026-11-23T10:00:00Z", "end": "2026-11-23T11:00:00Z", "taskIDs": ["t9"]}"#
        )
        #expect(badLink.status == .unprocessableContent)
        #expect(badLink.text.contains("t9"))
        #expect(try await harness.call(client, alice, .get, "/api/v1/focus-blocks/b9").status == .notFound)

        let done = try await harness.call(client, alice, .post, "/api/v1/tasks/t1/complete")
        #expect((done.body as? [String: Any])?["completed"] as? Bool == true)
        #expect(try await harness.pending(alice) == ["focus-block-start-b1 @ 2026-11-23T08:55:00Z"])
        #expect(try await harness.call(client, alice, .delete, "/api/v1/tasks/t1").status == .noContent)
        // Removing a task removes its links, as on SQLite.
        let unlinked = try await harness.call(client, alice, .get, "/api/v1/focus-blocks/b1")
        #expect((unlinked.body as? [String: Any])?["taskIDs"] as? [String] == [])
        #expect(
          try await harness.call(client, alice, .delete, "/api/v1/focus-blocks/b1").status == .noContent)
        #expect(try await harness.call(client, alice, .get, "/api/v1/focus-blocks/b1").status == .notFound)
        #expect(try await harness.pending(alice) == [])
        #expect(try await harness.pending(harness.bob) == [])
      }
    }
  }

  @Test func settingsAndMovementAreChangedAndReplanned() async throws {
    try await PostgresServerHarness.with { harness in
      let alice = harness.alice
      try await harness.test { client in
        _ = try await harness.call(
          client, alice, .post, "/api/v1/tasks",
          json: #"{"title": "Steuer", "due": "2026-11-24T17:00:00+01:00"}"#)
        let patched = try await harness.call(
          client, alice, .patch, "/api/v1/settings",
          json:
            #"{"dueDateAdvanceReminderEnabled": true, "dueDateAdvanceReminderMinutes": 30, "locale": "en"}"#)
        #expect(patched.status == .ok)
        let settings = try #require(
          try await harness.call(client, alice, .get, "/api/v1/settings").body as? [String: Any])
        #expect(settings["dueDateAdvanceReminderMinutes"] as? Int == 30)
        #expect(settings["locale"] as? String == "en")
        // 30 minutes before 16:00Z.
        #expect(
          try await harness.pending(alice) == [
            "due-date-morning-t1 @ 2026-11-24T08:00:00Z", "due-date-advance-t1 @ 2026-11-24T15:30:00Z",
          ])

        #expect(try await harness.call(client, alice, .get, "/api/v1/movement").status == .notFound)
        let schedule =
          #"{"intervalMinutes": 45, "fallbackIntervalMinutes": 60, "activeHours": {"start": "08:00", "end": "20:00"}, "days": {"monday": {"kind": "timeBlocks", "timeBlocks": [{"start": "09:00", "end": "12:00", "style": "urgent", "intervalMinutes": 30}]}}}"#
        #expect(try await harness.call(client, alice, .put, "/api/v1/movement", json: schedule).status == .ok)
        let read = try #require(
          try await harness.call(client, alice, .get, "/api/v1/movement").body as? [String: Any])
        #expect(read["intervalMinutes"] as? Int == 45)
        // Monday 08:00 Berlin; the block 09:00–12:00 every 30 minutes: first at 09:30 Berlin.
        #expect(try await harness.pending(alice).contains { $0.hasSuffix("@ 2026-11-23T08:30:00Z") })
        #expect(try await harness.call(client, alice, .delete, "/api/v1/movement").status == .noContent)
        #expect(try await harness.call(client, alice, .get, "/api/v1/movement").status == .notFound)
        #expect(
          try await harness.pending(alice) == [
            "due-date-morning-t1 @ 2026-11-24T08:00:00Z", "due-date-advance-t1 @ 2026-11-24T15:30:00Z",
          ])
        let applied = try await harness.call(
          client, alice, .post, "/api/v1/movement/templates/officeWorker/apply")
        #expect(applied.status == .ok)
        let state = try await harness.store.planningState(ofUser: alice.id)
        #expect(state.movement == ScheduleTemplate.officeWorker.schedule)
        #expect(state.language == .en)
      }
    }
  }

  @Test func routesLiveInTheUsersDocumentAndAWalkIsRefused() async throws {
    try await PostgresServerHarness.with { harness in
      let alice = harness.alice
      try await harness.test { client in
        let route =
          #"{"id": "park", "name": "Tiergarten", "waypoints": [{"id": "a", "name": "Siegessäule", "latitude": 52.5145, "longitude": 13.3501}]}"#
        #expect(
          try await harness.call(client, alice, .post, "/api/v1/routes", json: route).status == .created)
        #expect(try await harness.call(client, alice, .post, "/api/v1/routes", json: route).status == .ok)
        let listed = try await harness.call(client, alice, .get, "/api/v1/routes")
        #expect((listed.body as? [[String: Any]])?.map { $0["id"] as? String } == ["park"])
        let walk = try await harness.call(client, alice, .post, "/api/v1/routes/park/start")
        #expect(walk.status == .conflict)
        #expect(walk.text.contains("live location"))
        #expect(try await harness.call(client, alice, .get, "/api/v1/walk").status == .notFound)
        #expect(try await harness.call(client, alice, .delete, "/api/v1/routes/park").status == .noContent)
        #expect(try await harness.call(client, alice, .get, "/api/v1/routes/park").status == .notFound)
      }
    }
  }

  @Test func everyChangeBumpsTheUsersDataVersionOnly() async throws {
    try await PostgresServerHarness.with { harness in
      let alice = harness.store.data(ofUser: harness.alice.id, now: { PostgresServerHarness.now })
      let bob = harness.store.data(ofUser: harness.bob.id, now: { PostgresServerHarness.now })
      let before = (try await alice.dataVersion(), try await bob.dataVersion())
      try await alice.addTask(id: nil, title: "One", due: nil, completed: false)
      try await alice.setMovementSchedule(nil)
      #expect(try await alice.dataVersion() == before.0 + 2)
      #expect(try await bob.dataVersion() == before.1)
      // A refused change writes nothing.
      await #expect(throws: RecordError.self) { try await alice.removeTask(id: "t9") }
      #expect(try await alice.dataVersion() == before.0 + 2)
    }
  }

  /// Issue 48, rows 6, 7 and 9 on PostgreSQL: the same strict reading, limits and words as on
  /// SQLite (`APIRequestBodyTests`, `APIErrorWordingTests`), before the user's document is asked;
  /// the oversized bodies through the many users' own HTTP channel on a real socket.
  @Test func bodiesAreReadStrictlyAndBoundedAsOnSQLite() async throws {
    try await PostgresServerHarness.with { harness in
      let alice = harness.alice
      try await harness.test { client in
        let refused: [(HTTPRequest.Method, String, String, String, String)] = [
          (.post, "/api/v1/tasks", #"{"title": "one", "title": "two"}"#, "title", "duplicate key"),
          (.post, "/api/v1/tasks", #"{"title": "x", "dew": "2026-12-01T10:00:00Z"}"#, "dew", "unknown key"),
          (
            .put, "/api/v1/movement",
            #"{"intervalMinutes": 45, "fallbackIntervalMinutes": 60, "activeHours": {"start": "08:00", "end": "20:00", "x": 1}, "days": {}}"#,
            "activeHours.x", "unknown key"
          ),
          (.patch, "/api/v1/settings", #"{"locale": "xx"}"#, "locale", #""xx" is not one of de, en"#),
          (
            .patch, "/api/v1/settings", #"{"focusBlockLeadMinutes": 5.5}"#, "focusBlockLeadMinutes",
            "expected an integer, got 5.5"
          ),
        ]
        for (method, path, body, field, problem) in refused {
          let answer = try await harness.call(client, alice, method, path, json: body)
          #expect(answer.status == .badRequest, "\(body)")
          let error = (answer.body as? [String: Any])?["error"] as? [String: Any]
          #expect(error?["field"] as? String == field, "\(body)")
          #expect((error?["problem"] as? String)?.hasPrefix(problem) == true, "\(answer.text)")
        }
        let put = try await client.execute(
          uri: "/api/v1/settings", method: .put,
          headers: [.authorization: "Bearer \(alice.token)", .contentType: "application/json"],
          body: ByteBuffer(string: "{}")
        ) { ($0.status, $0.headers[.allow]) }
        #expect(put.0 == .methodNotAllowed)
        #expect(put.1 == "GET, PATCH")
        let lowerCase = try await client.execute(
          uri: "/api/v1/tasks", method: .get, headers: [.authorization: "bearer \(alice.token)"]
        ) { $0.status }
        #expect(lowerCase == .ok)
        let tasks = try await harness.call(client, alice, .get, "/api/v1/tasks")
        #expect((tasks.body as? [Any])?.isEmpty == true)
      }
      try await harness.live { port in
        for framing in OversizedBody.Framing.allCases {
          let answer = try await OversizedBody.post(
            port: port, token: alice.token, path: "/api/v1/tasks", framing: framing)
          #expect(answer.status == 413, "\(framing)")
          #expect(answer.body.contains("larger than 1 MiB"), "\(framing)")
        }
      }
      #expect(try await harness.pending(alice).isEmpty)
    }
  }
}
