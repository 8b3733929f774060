import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The movement chain survives kills. Movement reminders are planned one at a time, each after
/// the last has come due; a daemon killed right after showing one used to find it shown on its
/// restart, skip it, and plan nothing after it. Here `herald run` shows a reminder every
/// fast-clock minute and is SIGKILLed after several movement deliveries, again and again: every
/// reminder of the block is shown, at most one is shown again per kill, and nothing else is shown
/// (with a reminder every minute, no follow-up: one nudge at a time).
@Suite struct MovementChainCrashTests {
  static let clockStart = Fixtures.instant("2026-11-23T08:59:30Z")  // a Monday
  /// A fast-clock minute a second: the hour's 59 reminders play in a minute.
  static let speed = 60.0
  /// 09:01 … 09:59 UTC.
  static let expected = Set(
    (1...59).map { DeliveryReport.key("exercise-reminder", "2026-11-23T09:\($0 < 10 ? "0" : "")\($0):00Z") })

  static let scenario = """
    {
      "timeZone": "UTC", "locale": "en",
      "settings": {"progressReportEnabled": false},
      "movement": {"days": {"monday": {"timeBlocks": [
        {"start": "09:00", "end": "10:00", "style": "urgent", "intervalMinutes": 1}]}}}
    }
    """

  @Test(.timeLimit(.minutes(6)))
  func killedRightAfterMovementRemindersTheChainGoesOn() async throws {
    let seed =
      ProcessInfo.processInfo.environment["HERALD_CRASH_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    // Six kills, each a few deliveries after the last, at a random point of the show-and-record cycle.
    var target = 0
    let kills = (0..<6).map { _ in
      target += Int.random(in: 3...8, using: &random)
      return ChaosSchedule.Kill.afterDelivered(
        target, pauseMicroseconds: Int.random(in: 0...2_000, using: &random))
    }
    print("MovementChainCrashTests: seed \(seed) (replay with HERALD_CRASH_SEED=\(seed)); kills \(kills)")

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = directory.path("herald.sqlite")
    let imported = try HeraldProcess.run(["import", "--database", database, "-"], stdin: Self.scenario)
    try #require(imported.status == 0, "import failed: \(imported.stderr)")

    let anchor = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.up))
    let arguments = [
      "run", "--sink", "stdout", "--database", database, "--time-zone", "UTC",
      "--clock-start", RFC3339.utcString(Self.clockStart), "--clock-speed", "\(Self.speed)",
      "--clock-anchor", RFC3339.utcString(anchor),
    ]
    // The last reminder is due a minute of real time after the anchor.
    let deadline = anchor.addingTimeInterval(90)
    var seen = Set<String>()
    var runs: [DaemonRun] = []
    for kill in kills {
      let run = try await DaemonRun(
        arguments, speed: Self.speed, until: kill, seen: &seen, deadline: deadline)
      runs.append(run)
      if case .afterDelivered(let target, _) = kill, seen.count < target {
        Issue.record("run \(runs.count) stopped after \(seen.count) of \(target) reminders: \(run.errorText)")
        return
      }
    }
    let last = try await DaemonRun(
      arguments, speed: Self.speed, until: nil, seen: &seen, deadline: deadline, all: Self.expected)
    runs.append(last)
    #expect(last.status == 0, "the last run, stopped with SIGTERM: \(last.errorText)")

    let report = DeliveryReport(runs: runs)
    #expect(report.malformed.isEmpty, "malformed lines: \(report.malformed.prefix(5))")
    // Every reminder of the block, and nothing else.
    #expect(
      report.firstShown == Self.expected,
      """
      never shown: \(Self.expected.subtracting(report.firstShown).sorted().prefix(5)); \
      not expected: \(report.firstShown.subtracting(Self.expected).sorted().prefix(5))
      """)
    // A repeat only where a kill fell between showing and recording: the killed run's last line.
    let killed = runs.filter(\.killed).count
    #expect(killed == kills.count)
    #expect(report.repeatProblems(runs) == [])
    // The log holds each reminder once, and the day's count has each once.
    let store = try SQLiteStore(path: database)
    let log = try store.deliveries()
    #expect(log.count == Self.expected.count)
    #expect(log.allSatisfy { $0.status == .delivered })
    #expect(try store.movementLog().progress.delivered == Self.expected.count)
    print(
      """
      MovementChainCrashTests summary (seed \(seed)): \(runs.count) runs, \(killed) kills, \
      \(report.firstShown.count) of \(Self.expected.count) reminders shown, \(report.duplicates.count) shown again, \
      \(report.lateCount) late
      """)
  }
}
