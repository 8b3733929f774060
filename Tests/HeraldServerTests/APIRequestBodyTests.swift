import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// Issue 48, rows 6 and 7: the API reads a JSON body as strictly as the command line reads a file
/// (a duplicate or unknown key, at any depth, is 400 naming the key), and reads no body whole past
/// its limit (413 before the rest arrives).
@Suite struct APIRequestBodyTests {
  static let movement =
    #"{"intervalMinutes": 45, "fallbackIntervalMinutes": 60, "activeHours": {"start": "08:00", "end": "20:00"}, "days": {"monday": {"kind": "timeBlocks", "timeBlocks": [{"start": "09:00", "end": "10:00", "style": "gentle"}]}}}"#

  /// (method, path, body, field, problem)
  static let looseBodies: [(HTTPRequest.Method, String, String, String, String)] = [
    (.post, "/api/v1/tasks", #"{"id": "a", "title": "one", "title": "two"}"#, "title", "duplicate key"),
    // A typo of `due`: taken, it would leave the task without its reminder.
    (.post, "/api/v1/tasks", #"{"title": "x", "dew": "2026-12-01T10:00:00Z"}"#, "dew", "unknown key"),
    (.put, "/api/v1/tasks/t1", #"{"title": "x", "completed": false, "done": true}"#, "done", "unknown key"),
    (
      .post, "/api/v1/focus-blocks",
      #"{"title": "x", "start": "2026-11-23T09:00:00Z", "end": "2026-11-23T10:00:00Z", "end": "2026-11-23T11:00:00Z"}"#,
      "end", "duplicate key"
    ),
    (
      .post, "/api/v1/focus-blocks",
      #"{"title": "x", "start": "2026-11-23T09:00:00Z", "ende": "2026-11-23T10:00:00Z", "end": "2026-11-23T10:00:00Z"}"#,
      "ende", "unknown key"
    ),
    (.patch, "/api/v1/settings", #"{"locale": "en", "locale": "de"}"#, "locale", "duplicate key"),
    (
      .put, "/api/v1/movement",
      movement.replacingOccurrences(of: #""style": "gentle""#, with: #""style": "gentle", "colour": "red""#),
      "days.monday.timeBlocks[0].colour", "unknown key"
    ),
    (
      .put, "/api/v1/movement",
      movement.replacingOccurrences(
        of: #""kind": "timeBlocks""#, with: #""kind": "timeBlocks", "kind": "fallback""#),
      "days.monday.kind", "duplicate key"
    ),
    (
      .put, "/api/v1/movement",
      movement.replacingOccurrences(of: #""end": "20:00""#, with: #""end": "20:00", "tz": "UTC""#),
      "activeHours.tz", "unknown key"
    ),
    (
      .post, "/api/v1/routes",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "A", "latitude": 45, "longitude": 13, "latitude": 46}]}"#,
      "waypoints[0].latitude", "duplicate key"
    ),
  ]

  @Test(arguments: looseBodies.indices)
  func duplicateAndUnknownKeysAreRefusedNamingTheKey(row: Int) async throws {
    let (method, path, body, field, problem) = Self.looseBodies[row]
    let harness = try ServerHarness()
    defer { harness.remove() }
    try harness.store.addTask(id: "t1", title: "Steuer", due: ServerHarness.now + 86_400)
    let before = try harness.store.dump()
    try await harness.test { client in
      let answer = try await harness.call(client, method, path, json: body)
      #expect(answer.status == .badRequest, "\(body)")
      let error = try #require((answer.body as? [String: Any])?["error"] as? [String: Any], "\(body)")
      #expect(error["field"] as? String == field, "\(body)")
      #expect((error["problem"] as? String)?.hasPrefix(problem) == true, "\(error)")
      #expect((error["message"] as? String)?.hasPrefix("\(field): \(problem)") == true, "\(error)")
    }
    #expect(try harness.store.dump() == before, "\(body)")
  }

  /// The same key in two objects is no duplicate; each object is its own.
  @Test func theSameKeyInTwoObjectsIsTaken() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let body = Self.movement.replacingOccurrences(
        of: #""days": {"#, with: #""days": {"tuesday": {"kind": "fallback"}, "#)
      let answer = try await harness.call(client, .put, "/api/v1/movement", json: body)
      #expect(answer.status == .ok)
    }
  }

  /// A JSON body is read only up to 1 MiB: past it the request is 413, naming the limit, and
  /// nothing is stored. (The in-process client always sends the body's true length; a length
  /// announced over the limit, and a chunked body, are `anOversizedBodyIsAnsweredBeforeItEnds`.)
  @Test func aBodyOverTheLimitIs413() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    let before = try harness.store.dump()
    try await harness.test { client in
      let title = String(repeating: "a", count: 2 << 20)
      let long = try await harness.call(client, .post, "/api/v1/tasks", json: #"{"title": "\#(title)"}"#)
      #expect(long.status == .contentTooLarge)
      let problem = (long.body as? [String: Any]).flatMap { $0["error"] as? [String: Any] }?["problem"]
      #expect(problem as? String == "the body is larger than 1 MiB, the most Herald reads of JSON")
      // Just under the limit it is read (and the title judged by the store's own rule).
      let under = String(repeating: "a", count: (1 << 20) - 64)
      let read = try await harness.call(client, .post, "/api/v1/tasks", json: #"{"title": "\#(under)"}"#)
      #expect(read.status != .contentTooLarge)
    }
    #expect(try harness.store.dump() == before)
  }

  /// On a real socket: the answer comes while the body is still arriving, for both framings, and
  /// for a GPX route at its own limit of 4 MiB.
  @Test(arguments: OversizedBody.Framing.allCases)
  func anOversizedBodyIsAnsweredBeforeItEnds(framing: OversizedBody.Framing) async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    let before = try harness.store.dump()
    try await harness.live { port in
      let json = try await OversizedBody.post(
        port: port, token: harness.token, path: "/api/v1/tasks", framing: framing)
      #expect(json.status == 413)
      #expect(json.body.contains("larger than 1 MiB"))
      let gpx = try await OversizedBody.post(
        port: port, token: harness.token, path: "/api/v1/routes?id=r", framing: framing,
        contentType: "application/gpx+xml", sent: 5 << 20)
      #expect(gpx.status == 413)
      #expect(gpx.body.contains("4 MiB"))
    }
    #expect(try harness.store.dump() == before)
  }
}
