import Foundation
import HTTPTypes
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing
import Yams

@testable import HeraldServer

/// The OpenAPI document: served as written, and every operation it lists refuses a request without
/// a valid bearer token. The test walks the document, so a new operation cannot forget the check.
@Suite struct OpenAPIDocumentTests {
  static let methods: [String: HTTPRequest.Method] = [
    "get": .get, "post": .post, "put": .put, "patch": .patch, "delete": .delete,
  ]

  static var document: [String: Any] {
    get throws { try #require(try Yams.load(yaml: OpenAPIDocument.text) as? [String: Any]) }
  }

  /// Every operation: its method and a concrete path (`{id}` filled in).
  static func operations() throws -> [(HTTPRequest.Method, String)] {
    let paths = try #require(try document["paths"] as? [String: [String: Any]])
    return paths.flatMap { path, item in
      item.keys.compactMap { key in methods[key] }.map { method in
        let concrete = path.replacingOccurrences(of: "{id}", with: "b1").replacingOccurrences(
          of: "{name}", with: "officeWorker")
        return (method, "/api/v1" + concrete)
      }
    }.sorted { ($0.1, $0.0.rawValue) < ($1.1, $1.0.rawValue) }
  }

  @Test func theServedDocumentIsTheFileTheServerIsGeneratedFrom() async throws {
    let source = HeraldProcess.repositoryRoot.appendingPathComponent("Sources/HeraldServer/openapi.yaml")
    let onDisk = try String(contentsOf: source, encoding: .utf8)
    let harness = try ServerHarness()
    defer { harness.remove() }
    let served = try await harness.test { client in
      try await client.execute(uri: "/openapi.yaml", method: .get) { String(buffer: $0.body) }
    }
    #expect(served == onDisk)
    #expect(try Self.document["openapi"] as? String == "3.1.0")
  }

  @Test func everyOperationNeedsAValidBearerToken() async throws {
    let operations = try Self.operations()
    #expect(operations.count >= 20)
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      for (method, path) in operations {
        for headers: HTTPFields in [
          [:], [.authorization: "Bearer hrld_wrong"], [.authorization: "Basic dGVzdDp0ZXN0"],
          [.authorization: "Bearer \(harness.token)x"],
        ] {
          var sent = headers
          sent[.contentType] = "application/json"
          let answer = try await harness.call(client, method, path, json: "{}", headers: sent)
          #expect(answer.status == .unauthorized, "\(method) \(path) with \(headers)")
          let error = (answer.body as? [String: Any])?["error"] as? [String: Any]
          #expect(error?["message"] as? String != nil, "\(method) \(path)")
        }
      }
    }
  }

  /// The blanks HTTP allows around a header's value (spaces, tabs) are not part of the token;
  /// anything else is.
  @Test func aBearerTokenIsReadWithoutTheBlanksAroundIt() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let token = harness.token
      for (value, status) in [
        ("Bearer \(token)", HTTPResponse.Status.ok), ("Bearer  \t\(token) \t", .ok),
        ("Bearer \u{00A0}\(token)", .unauthorized), ("Bearer \(token)\u{3000}", .unauthorized),
        ("Bearer x\(token)", .unauthorized),
      ] {
        let answer = try await harness.call(
          client, .get, "/api/v1/settings", headers: [.authorization: value])
        #expect(answer.status == status, "\(value.debugDescription)")
      }
    }
  }

  @Test func theSettingsSchemaNamesEverySetting() throws {
    let schemas = try #require(
      (try Self.document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
    let settings = try #require(schemas["Settings"]?["properties"] as? [String: Any])
    let patch = try #require(schemas["SettingsPatch"]?["properties"] as? [String: Any])
    for key in SettingKey.allCases {
      #expect(settings[key.rawValue] != nil, "Settings lacks \(key.rawValue)")
      #expect(patch[key.rawValue] != nil, "SettingsPatch lacks \(key.rawValue)")
    }
    #expect(Set(settings.keys) == Set(SettingKey.allCases.map(\.rawValue) + ["locale"]))
  }

  /// The pattern the document gives a schema of strings (JSON Schema's regular expression).
  static func pattern(of schema: String) throws -> Regex<AnyRegexOutput> {
    let schemas = try #require(
      (try Self.document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
    return try Regex(try #require(schemas[schema]?["pattern"] as? String, "\(schema) has no pattern"))
  }

  /// A time of day's pattern is the parser's rule exactly: every `HH:MM` of two digits each, and
  /// the shapes around it.
  @Test func aWallClockTimesPatternAcceptsWhatTheServerReads() throws {
    let pattern = try Self.pattern(of: "WallClockTime")
    var texts = [
      "9:00", "09:00\n", "09:0", "09.00", "0900", " 09:00", "09:00 ", "0a:00", "09:0a", "", "١٢:٣٠",
    ]
    for hour in 0..<100 {
      for minute in 0..<100 { texts.append(String(format: "%02d:%02d", hour, minute)) }
    }
    for text in texts {
      #expect(
        (text.firstMatch(of: pattern) != nil) == (WallClockTime(text) != nil), "\(text.debugDescription)")
    }
  }

  /// An instant's pattern is its shape: whatever the server reads matches it (the pattern cannot
  /// say which dates exist), and a text of another shape matches neither. Every variant of a few
  /// instants with one character changed, dropped or added.
  @Test func anInstantsPatternAcceptsWhatTheServerReads() throws {
    let pattern = try Self.pattern(of: "Instant")
    let alphabet: [Character] = ["0", "1", "9", "-", ":", "T", "t", " ", "Z", "z", "+", ".", "x"]
    var accepted = 0
    for instant in ["2026-03-29T01:59:59.999+01:00", "0001-01-02t00:00:00z", "9999-12-30 23:59:59-00:30"] {
      let characters = Array(instant)
      var variants = [instant]
      for index in characters.indices {
        var dropped = characters
        dropped.remove(at: index)
        variants.append(String(dropped))
        for character in alphabet {
          var changed = characters
          changed[index] = character
          variants.append(String(changed))
          var added = characters
          added.insert(character, at: index)
          variants.append(String(added))
        }
      }
      for text in variants where RFC3339.parse(text) != nil {
        accepted += 1
        #expect(text.firstMatch(of: pattern) != nil, "\(text.debugDescription) is read but does not match")
      }
    }
    #expect(accepted > 100)
    for text in [
      "2026-03-29T01:59:59", "2026-03-29T01:59:59+0100", "2026-03-29T01:59:59.+01:00", "2026-3-29T01:59:59Z",
      "2026-03-29T01:59Z", "2026-03-29T01:59:59Z ", "x2026-03-29T01:59:59Z", "2026-03-29T01:59:59ZZ",
    ] {
      #expect(RFC3339.parse(text) == nil, "\(text.debugDescription)")
      #expect(text.firstMatch(of: pattern) == nil, "\(text.debugDescription)")
    }
  }
}
