import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// `herald` takes every instant from the system's tz database (`$TZDIR`, else
/// `/usr/share/zoneinfo`), as `date` and Python do: a database updated after Herald was built
/// decides the plan, `--version` names it, and a damaged file or an unknown `TZ` is an error that
/// names it.
@Suite struct ZoneDatabaseCommandTests {
  /// Vancouver as tzdata 2026f has it: Pacific time until March 2026, then UTC−7 all year.
  static let vancouver2026 = TZifFile(
    types: [.init(-25_200, isDST: true, "PDT"), .init(-28_800, "PST"), .init(-25_200, "MST")],
    transitions: [(1_762_074_000, 1), (1_772_964_000, 2)],  // 2025-11-02 09:00Z, 2026-03-08 10:00Z
    footer: "MST7")

  /// A database directory holding `files` and a `tzdata.zi` of `version`.
  func database(_ files: [String: [UInt8]], version: String = "2026f") throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    for (name, bytes) in files {
      let path = directory.path(name)
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    try Data("# version \(version)\n# ddeps\n".utf8).write(
      to: URL(fileURLWithPath: directory.path("tzdata.zi")))
    return directory
  }

  static let scenario = """
    {"timeZone":"America/Vancouver","tasks":[{"id":"t1","title":"Steuer","due":"2026-12-10T14:00:00-07:00"}]}
    """

  func morningFireDate(_ environment: [String: String]) throws -> String? {
    let path = try HeraldProcess.temporaryFile(Self.scenario)
    let result = try HeraldProcess.run(
      ["plan", "--scenario", path, "--now", "2026-12-06T18:00:00Z"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let plan = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let pending = plan?["pending"] as? [[String: Any]] ?? []
    return pending.first { $0["id"] as? String == "due-date-morning-t1" }?["fireDate"] as? String
  }

  /// The issue's case: with the system's database of 2026, 09:00 in Vancouver is 16:00Z.
  @Test func anUpdatedDatabaseDecidesThePlan() throws {
    let directory = try database(["America/Vancouver": Self.vancouver2026.bytes()])
    defer { directory.remove() }
    #expect(
      try morningFireDate(["TZDIR": directory.url.path, "TZ": "America/Vancouver"]) == "2026-12-10T16:00:00Z")
  }

  @Test func versionNamesTheDatabaseAndWhereItIsRead() throws {
    let directory = try database([:], version: "2099z")
    defer { directory.remove() }
    let updated = try HeraldProcess.run(["--version"], environment: ["TZDIR": directory.url.path])
    #expect(updated.status == 0)
    #expect(updated.stdout.contains("tz database 2099z (\(directory.url.path))"), "\(updated.stdout)")
    // The machine's own: the version its tzdata.zi states.
    let head =
      try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
      .split(separator: "\n").first.map(String.init) ?? ""
    let system = try HeraldProcess.run(["--version"], environment: ["TZDIR": ""])
    #expect(system.stdout.contains("tz database \(head.dropFirst("# version ".count)) (/usr/share/zoneinfo)"))
  }

  @Test func aDamagedZoneFileIsAnErrorNamingTheFile() throws {
    let bytes = Self.vancouver2026.bytes()
    let directory = try database(["America/Vancouver": Array(bytes.prefix(bytes.count - 3))])
    defer { directory.remove() }
    let path = try HeraldProcess.temporaryFile(Self.scenario)
    let file = directory.path("America/Vancouver")
    let plan = try HeraldProcess.run(
      ["plan", "--scenario", path, "--now", "2026-12-06T18:00:00Z"],
      environment: ["TZDIR": directory.url.path])
    #expect(plan.status == 1)
    #expect(plan.stdout.isEmpty)
    #expect(plan.stderr.hasPrefix("error: timeZone: \(file): truncated"), "\(plan.stderr)")
    #expect(plan.stderr.split(separator: "\n").count == 1)
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["import", "-"], stdin: CLIDatabase.exampleScenario)
    let upcoming = try HeraldProcess.run(
      ["upcoming", "--database", db.path],
      environment: ["TZDIR": directory.url.path, "TZ": "America/Vancouver"])
    #expect(upcoming.status == 1)
    #expect(upcoming.stderr.hasPrefix("error: TZ: \(file): truncated"), "\(upcoming.stderr)")
  }

  /// `TZ=Mars/Olympus`: the C library would plan in UTC without a word; Herald refuses, naming TZ,
  /// and stores nothing.
  @Test func anUnknownTZIsRefusedAndNothingIsStored() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["import", "-"], stdin: CLIDatabase.exampleScenario)
    let before = try db.succeed(["block", "list"])
    let refused = try HeraldProcess.run(
      [
        "block", "add", "--database", db.path, "--title", "Deep Work", "--start", "2026-12-07 09:00", "--end",
        "2026-12-07 10:00",
      ], environment: ["TZ": "Mars/Olympus"])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: TZ: unknown IANA time zone \"Mars/Olympus\"\n")
    #expect(try db.succeed(["block", "list"]) == before)
  }
}
