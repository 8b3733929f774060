import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// Issue 48, row 9: an API error says what is wrong in the document's words (the field, what was
/// expected, what came), never in the generated code's or a parser's; another method on a path is
/// 405 with `Allow`; the bearer scheme is read in any case.
@Suite struct APIErrorWordingTests {
  static let movement =
    #"{"intervalMinutes": 45, "fallbackIntervalMinutes": 60, "activeHours": {"start": "08:00", "end": "20:00"}, "days": {"monday": {"kind": "timeBlocks", "timeBlocks": [{"start": "09:00", "end": "10:00", "style": "gentle"}]}}}"#

  /// (method, path, body, field, problem)
  static let unreadable: [(HTTPRequest.Method, String, String?, String?, String)] = [
    (.patch, "/api/v1/settings", #"{"locale": "xx"}"#, "locale", #""xx" is not one of de, en"#),
    (
      .patch, "/api/v1/settings", #"{"dueDateAdvanceReminderMinutes": 45}"#, "dueDateAdvanceReminderMinutes",
      "45 is not one of 15, 30, 60, 120, 1440"
    ),
    (
      .patch, "/api/v1/settings", #"{"focusBlockLeadMinutes": 5.5}"#, "focusBlockLeadMinutes",
      "expected an integer, got 5.5"
    ),
    (
      .patch, "/api/v1/settings", #"{"focusBlockLeadMinutes": 1e400}"#, "focusBlockLeadMinutes",
      "the number is too large"
    ),
    // An integer field reads it as 0, as Herald's reader does; a number field cannot.
    (
      .post, "/api/v1/routes",
      #"{"id": "r", "waypoints": [{"id": "a", "name": "A", "latitude": 1e-400, "longitude": 13}]}"#,
      "waypoints[0].latitude", "the number is too small to read (write 0 for zero)"
    ),
    (
      .patch, "/api/v1/settings", #"{"focusBlockLeadMinutes": "5"}"#, "focusBlockLeadMinutes",
      #"expected an integer, got "5""#
    ),
    (.post, "/api/v1/tasks", "5.5", nil, "expected a JSON object, got 5.5"),
    (.post, "/api/v1/tasks", "[]", nil, "expected a JSON object, got an array"),
    (.post, "/api/v1/tasks", #"{"title": null}"#, "title", "expected a string, got null"),
    (.post, "/api/v1/tasks", #"{"title": "x",}"#, nil, "trailing comma before '}' (line 1, column 15)"),
    (.patch, "/api/v1/settings", nil, nil, "a JSON body is required"),
    (
      .put, "/api/v1/movement",
      movement.replacingOccurrences(of: #""style": "gentle""#, with: #""style": "loud""#),
      "days.monday.timeBlocks[0].style", #""loud" is not one of gentle, standard, urgent"#
    ),
    (
      .put, "/api/v1/movement",
      movement.replacingOccurrences(of: #""kind": "timeBlocks""#, with: #""kind": "blocks""#),
      "days.monday.kind", #""blocks" is not one of timeBlocks, fixedTimes, fallback"#
    ),
    (
      .post, "/api/v1/movement/templates/nope/apply", nil, "name",
      #""nope" is not one of officeWorker, recoveryMode, gentleMovement"#
    ),
    (.get, "/api/v1/plan?limits=android", nil, "limits", #""android" is not one of ios, unlimited"#),
    (.post, "/api/v1/routes/r/start?restart=maybe", nil, "restart", #"expected true or false, got "maybe""#),
  ]

  @Test(arguments: unreadable.indices)
  func errorsSayWhatIsWrongInTheDocumentsWords(row: Int) async throws {
    let (method, path, body, field, problem) = Self.unreadable[row]
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let answer = try await harness.call(client, method, path, json: body)
      #expect(answer.status == .badRequest, "\(method) \(path) \(body ?? "")")
      let error = try #require((answer.body as? [String: Any])?["error"] as? [String: Any])
      #expect(error["field"] as? String == field, "\(error)")
      #expect(error["problem"] as? String == problem, "\(error)")
      #expect(error["message"] as? String == (field.map { "\($0): \(problem)" } ?? problem))
    }
  }

  /// The words of the generated code, the OpenAPI runtime and Foundation's decoder that used to
  /// reach clients.
  static let internals = [
    "Cannot initialize", "Payload", "Additional properties", "The given data", "DecodingError",
    "Unexpected content type", "Dictionary<", "Swift.",
  ]

  @Test func noErrorRepeatsTheGeneratedCodesWords() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      var requests = Self.unreadable.map { ($0.0, $0.1, $0.2, harness.authorized) }
      var form = harness.authorized
      form[.contentType] = "application/x-www-form-urlencoded"
      requests.append((.post, "/api/v1/tasks", "title=x", form))
      var html = harness.authorized
      html[.accept] = "text/html"
      requests.append((.get, "/api/v1/tasks", nil, html))
      for (method, path, body, headers) in requests {
        let answer = try await harness.call(client, method, path, json: body, headers: headers)
        let text = String(decoding: answer.data, as: UTF8.self)
        #expect((400..<500).contains(answer.status.code), "\(method) \(path)")
        for word in Self.internals { #expect(!text.contains(word), "\(method) \(path): \(text)") }
      }
    }
  }

  /// RFC 9110 §15.5.6: a method a path does not have is 405 naming those it has, with the API's
  /// JSON error, after the token check like every API request.
  @Test func anotherMethodOnAPathIs405WithAllow() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      for (method, path, allow) in [
        (HTTPRequest.Method.put, "/api/v1/settings", "GET, PATCH"),
        (.delete, "/api/v1/settings", "GET, PATCH"),
        (.post, "/api/v1/plan", "GET"),
        (.get, "/api/v1/tasks/t1/complete", "POST"),
        (.patch, "/api/v1/tasks/t1", "GET, PUT, DELETE"),
      ] {
        let (status, headers, data) = try await client.execute(
          uri: path, method: method, headers: harness.authorized, body: ByteBuffer(string: "{}")
        ) { ($0.status, $0.headers, Data(buffer: $0.body)) }
        #expect(status == .methodNotAllowed, "\(method) \(path)")
        #expect(headers[.allow] == allow, "\(method) \(path)")
        #expect(headers[.contentType] == "application/json; charset=utf-8")
        let error = try #require(
          (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("\(method.rawValue) is not an operation of") == true)
        let anonymous = try await harness.call(client, method, path, json: "{}", headers: [:])
        #expect(anonymous.status == .unauthorized, "\(method) \(path) without a token")
      }
    }
  }

  /// RFC 9110 §11.1: the scheme of `Authorization` is case-insensitive.
  @Test(arguments: ["Bearer", "bearer", "BEARER", "bEaReR"])
  func theBearerSchemeIsReadInAnyCase(scheme: String) async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let answer = try await harness.call(
        client, .get, "/api/v1/tasks", headers: [.authorization: "\(scheme) \(harness.token)"])
      #expect(answer.status == .ok)
      let other = try await harness.call(
        client, .get, "/api/v1/tasks", headers: [.authorization: "\(scheme)x \(harness.token)"])
      #expect(other.status == .unauthorized)
    }
  }
}
