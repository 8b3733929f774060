import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Issue 48, row 2: a backup that did not restore. Whatever `herald task add` and `herald block
/// add` accept — instants at the very edges of the accepted range, local readings, any text — an
/// export of it imports into a fresh store and exports again byte for byte; what they refuse is
/// refused in one line naming the option.
@Suite struct AcceptedRoundTripTests {
  /// Instants as a person types them: RFC 3339 at and past the edges, local readings there too.
  static let instants = [
    "0001-01-02T00:00:00Z", "0001-01-01T23:59:59Z", "9999-12-30T23:59:59Z", "9999-12-31T00:00:00Z",
    "9999-12-31 10:00", "0000-01-01 10:00", "0001-01-02 00:00", "9999-12-30 20:00", "1880-01-01T12:00:00Z",
    "2026-03-29 02:30", "2026-11-23T09:00:00.999999+05:45", "2026-02-30 10:00", "2026-12-07 24:00",
  ]
  static let titles = ["Steuer", "two\nlines", "\u{1B}[2J clear", "שלום", "🧘 Pause", "quote \" \\"]

  @Test func whateverTheCommandsAcceptExportsAndImportsByteForByte() throws {
    var random = SeededGenerator(seed: 48)
    let db = try CLIDatabase()
    defer { db.remove() }
    var accepted = 0
    for index in 0..<30 {
      let title = Self.titles[index % Self.titles.count]
      let due = Self.instants[Int.random(in: 0..<Self.instants.count, using: &random)]
      let result: HeraldProcess.Result
      if index % 3 == 0 {
        let start = Self.instants[Int.random(in: 0..<Self.instants.count, using: &random)]
        result = try db.run(["block", "add", "--title", title, "--start", start, "--end", due])
      } else {
        result = try db.run(["task", "add", "--title", title, "--due", due])
      }
      if result.status == 0 {
        accepted += 1
      } else {
        // Refused in one line that names the option or field, nothing on stdout.
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.firstMatch(of: #/^error: (--)?[a-z]+: /#) != nil, "\(result.stderr)")
      }
    }
    #expect(accepted > 5)
    let first = try db.succeed(["export"])
    let copy = try CLIDatabase()
    defer { copy.remove() }
    try copy.succeed(["import", "-"], stdin: first)
    #expect(try copy.succeed(["export"]) == first)
  }

  @Test(arguments: [
    (["task", "add", "--title", "x", "--due", "9999-12-31 10:00"], "--due"),
    (["task", "add", "--title", "x", "--due", "0000-01-01 10:00"], "--due"),
    (["block", "add", "--title", "x", "--start", "9999-12-30 19:00", "--end", "9999-12-30 20:45"], "--end"),
  ])
  func anInstantOutsideTheRangeIsRefusedNamingTheOption(arguments: [String], option: String) throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let result = try db.run(arguments)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: \(option): "), "\(result.stderr)")
    #expect(result.stderr.contains("outside the instants Herald accepts"), "\(result.stderr)")
  }
}
