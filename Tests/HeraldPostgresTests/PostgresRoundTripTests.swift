import Foundation
import HTTPTypes
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import HummingbirdTesting
import Testing

/// Issue 48, row 2 on PostgreSQL: whatever the API accepts — instants at the very edges of the
/// accepted range, in any offset, and any text — `herald export --user` writes a document that
/// `herald import --user` reads back, and exporting that again gives the same bytes.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresRoundTripTests {
  static let instants = [
    "0001-01-02T00:00:00Z", "0001-01-01T23:59:59Z", "9999-12-30T23:59:59Z", "9999-12-31T00:00:00+00:30",
    "9999-12-30T23:00:00-00:59", "1880-01-01T12:00:00Z", "2026-11-23T09:00:00.999999+05:45",
    "2026-02-30T10:00:00Z",
    "0000-06-01T00:00:00Z",
  ]
  /// Titles as JSON string contents: a line break, an escape sequence, quotes, other scripts.
  static let titles = [#"Steuer"#, #"two\nlines"#, #"\u001b[2J clear"#, "שלום", "🧘 Pause", #"quote \" \\"#]

  @Test func whateverTheAPIAcceptsExportsAndImportsByteForByte() async throws {
    try await PostgresServerHarness.with { harness in
      let accepted = try await harness.test { client in
        var random = SeededGenerator(seed: 480)
        var accepted = 0
        for index in 0..<24 {
          let title = Self.titles[index % Self.titles.count]
          let due = Self.instants[Int.random(in: 0..<Self.instants.count, using: &random)]
          let answer: PostgresServerHarness.Answer
          if index % 3 == 0 {
            let start = Self.instants[Int.random(in: 0..<Self.instants.count, using: &random)]
            answer = try await harness.call(
              client, harness.alice, .post, "/api/v1/focus-blocks",
              json: #"{"title":"\#(title)","start":"\#(start)","end":"\#(due)"}"#)
          } else {
            answer = try await harness.call(
              client, harness.alice, .post, "/api/v1/tasks", json: #"{"title":"\#(title)","due":"\#(due)"}"#)
          }
          if answer.status == .created {
            accepted += 1
          } else {
            #expect(answer.status == .unprocessableContent, "\(answer.text)")
          }
        }
        return accepted
      }
      #expect(accepted > 5)
      let url = harness.store.url.description
      let first = try HeraldProcess.run(["export", "--postgres", url, "--user", "alice"])
      #expect(first.status == 0, "\(first.stderr)")
      let path = try HeraldProcess.temporaryFile(first.stdout)
      let imported = try HeraldProcess.run(["import", "--postgres", url, "--user", "bob", path])
      #expect(imported.status == 0, "\(imported.stderr)")
      let again = try HeraldProcess.run(["export", "--postgres", url, "--user", "bob"])
      #expect(again.stdout == first.stdout)
    }
  }
}
