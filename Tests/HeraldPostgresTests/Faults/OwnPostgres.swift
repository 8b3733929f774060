import Foundation
import HeraldPostgres
import HeraldTestSupport

/// A PostgreSQL server of a test's own (`.ci/postgres`), which it may crash and start again
/// without touching the server the other suites share.
final class OwnPostgres: Sendable {
  let url: PostgresURL
  let directory: String

  init() throws {
    let lines = try Self.script([]).split(separator: "\n").map(String.init)
    guard lines.count == 2 else { throw PostgresTestError("`.ci/postgres` printed \(lines)") }
    url = try PostgresURL(lines[0])
    directory = lines[1]
  }

  /// `pg_ctl stop -m immediate`: the server dies as in a crash; clients see their connections cut.
  func crash() throws { _ = try Self.script(["crash", directory]) }

  /// Starts it again on the same port with the same data.
  func start() throws { _ = try Self.script(["start", directory]) }

  func remove() { _ = try? Self.script(["stop", directory]) }

  private static func script(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", HeraldProcess.repositoryRoot.appendingPathComponent(".ci/postgres").path] + arguments
    // What was committed survives a crash, as on a real server (the shared test server trades
    // that for speed).
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["HERALD_POSTGRES_SYNCHRONOUS_COMMIT": "on"]) { _, new in new }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PostgresTestError(".ci/postgres \(arguments.first ?? "") exited \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
