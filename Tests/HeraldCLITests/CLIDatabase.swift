import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// A database file of its own for one CLI test, and `herald` run against it.
struct CLIDatabase {
  let directory: TemporaryDirectory
  let path: String
  /// Added to every command's environment.
  let environment: [String: String]

  /// With `now` (RFC 3339), every command takes that instant as now (`$HERALD_NOW`): a test whose
  /// dates are fixed says when they are, so that they are not in the past, and no note says so.
  init(now: String? = nil) throws {
    directory = try TemporaryDirectory()
    path = directory.path("herald/herald.sqlite")
    environment = now.map { ["HERALD_NOW": $0] } ?? [:]
  }

  /// Before the example scenario's and most tests' dates (2026-11-23 …).
  static let beforeTheExamples = "2026-11-20T12:00:00Z"

  /// Runs `herald` with `arguments` plus `--database` for this file.
  func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
    -> HeraldProcess.Result
  {
    try HeraldProcess.run(
      arguments + ["--database", path], stdin: stdin,
      environment: self.environment.merging(environment) { _, given in given })
  }

  /// Runs a command that must succeed, and returns its standard output.
  @discardableResult
  func succeed(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> String
  {
    let result = try run(arguments, stdin: stdin)
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    return result.stdout
  }

  /// The data as it is: every row of every table (read through the store), and `herald export`.
  ///
  /// Not the file's bytes: opening a WAL database whose log is gone writes to its header (GRDB
  /// issue #102) without changing any data.
  func snapshot() throws -> Snapshot {
    let rows = try SQLiteStore(path: path).dump()
    return Snapshot(rows: rows, export: try succeed(["export"]))
  }

  struct Snapshot: Equatable {
    var rows: String
    var export: String
  }

  /// The local wall-clock text of an instant in the zone `herald` runs in, as listings print it.
  static func local(_ instant: String) -> String { local(Fixtures.instant(instant)) }

  static func local(_ date: Date) -> String {
    LocalInstant.format(date, zone: HeraldProcess.timeZone)
  }

  /// The example scenario of the repository.
  static var exampleScenario: String {
    get throws {
      let url = HeraldProcess.repositoryRoot.appendingPathComponent("examples/scenario.json")
      return try String(contentsOf: url, encoding: .utf8)
    }
  }

  func remove() { directory.remove() }
}
