import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// Issue 3's crash test: 2 000 reminders fall due within three (fast-clock) minutes while the
/// real `herald run` is killed with SIGKILL at random moments and restarted on the same fast
/// clock. Every reminder is shown, and one is shown again only where a kill fell between showing
/// it and recording it, counted from the stdout sink's lines of every run.
///
/// The schedule of kills comes from a seed that is printed; `HERALD_CRASH_SEED=N` replays it.
@Suite struct DaemonCrashTests {
  /// Focus blocks (lead 0: each fires at its start) and tasks (an advance reminder 15 minutes
  /// before each due date), alternating, spread evenly over `spread` seconds from `firstFire`.
  static let blocks = 1_000
  static let tasks = 1_000
  static let clockStart = Fixtures.instant("2026-11-23T08:00:00Z")
  /// Fast-clock seconds from the clock's start to the first reminder, and over which they fall.
  static let firstFire = 4.0
  static let spread = 180.0
  /// Four seconds a second: the 3 minutes of reminders play in 46 real seconds.
  static let speed = 4.0

  @Test(.timeLimit(.minutes(6)))
  func killedAtRandomTheDaemonShowsEveryReminderAndRepeatsOnlyWhatItCouldNotRecord() async throws {
    let seed =
      ProcessInfo.processInfo.environment["HERALD_CRASH_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let schedule = ChaosSchedule(reminders: Self.blocks + Self.tasks, using: &random)
    print("DaemonCrashTests: seed \(seed) (replay with HERALD_CRASH_SEED=\(seed)); \(schedule)")

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = directory.path("herald.sqlite")
    let (scenario, expected) = Self.scenario()
    let imported = try HeraldProcess.run(["import", "--database", database, "-"], stdin: scenario)
    try #require(imported.status == 0, "import failed: \(imported.stderr)")
    // The daemon took over at the clock's start: everything due after it is owed. (A daemon's very
    // first start records that instant itself, but the first run may be killed before it gets
    // there — a kill tens of milliseconds after launch — and a daemon that never took over owes
    // nothing that fell due before its first start.)
    try SQLiteStore(path: database).writeCheckpoint(Self.clockStart)

    // The fast clock reads `clockStart` at `anchor`, the next whole second; every run gets the
    // same three values, so a restarted daemon goes on along the same timeline. The first
    // reminders fall due a second later: after the first start, and soon after it.
    let anchor = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.up))
    let arguments = [
      "run", "--sink", "stdout", "--database", database, "--time-zone", "UTC",
      "--clock-start", RFC3339.utcString(Self.clockStart), "--clock-speed", "\(Self.speed)",
      "--clock-anchor", RFC3339.utcString(anchor),
    ]
    let lastFire = anchor.addingTimeInterval((Self.firstFire + Self.spread) / Self.speed)
    let deadline = lastFire.addingTimeInterval(15)

    var seen = Set<String>()
    var runs: [DaemonRun] = []
    for step in schedule.kills where seen.count < expected.count {
      let run = try await DaemonRun(
        arguments, speed: Self.speed, until: step.kill, seen: &seen, deadline: deadline)
      runs.append(run)
      if case .afterDelivered(let target, _) = step.kill, seen.count < target {
        Issue.record("run \(runs.count) never showed \(target) reminders: \(run.errorText)")
        return
      }
      // Chaos: the daemon stays down for a while, so what falls due meanwhile comes late.
      try await Task.sleep(for: .milliseconds(step.downtimeMilliseconds))
    }
    let expectedKeys = Set(expected)
    // Under load the runs before may have shown everything (a catch-up after a downtime outruns
    // its kill): then the last run starts, shows nothing again and stops.
    let last = try await DaemonRun(
      arguments, speed: Self.speed, until: nil, seen: &seen, deadline: deadline, all: expectedKeys)
    runs.append(last)
    #expect(last.status == 0, "the last run, stopped with SIGTERM: \(last.errorText)")

    let report = DeliveryReport(runs: runs)
    // Every reminder was shown, and nothing else.
    #expect(report.firstShown.count == expectedKeys.count)
    #expect(
      expectedKeys.subtracting(report.firstShown).isEmpty,
      "never shown: \(expectedKeys.subtracting(report.firstShown).sorted().prefix(10))")
    #expect(
      report.firstShown.subtracting(expectedKeys).isEmpty,
      "not planned: \(report.firstShown.subtracting(expectedKeys).sorted().prefix(10))")
    // Every line is a delivery line, except a last one a kill cut short.
    #expect(report.malformed.isEmpty, "malformed lines: \(report.malformed.prefix(5))")
    #expect(report.lateButOnTime == 0, "lines marked late, shown no later than their time")
    // A reminder is shown again only where a kill fell between showing and recording it.
    let killed = runs.filter(\.killed).count
    #expect(report.repeatProblems(runs) == [])
    // The delivery log holds each reminder once, delivered.
    let log = try SQLiteStore(path: database).deliveries()
    #expect(log.count == expectedKeys.count)
    #expect(log.allSatisfy { $0.status == .delivered })
    #expect(Set(log.map { DeliveryReport.key($0.requestID, RFC3339.utcString($0.fireDate)) }) == expectedKeys)

    print(
      """
      DaemonCrashTests summary (seed \(seed)): \(runs.count) runs, \(killed) kills \
      (\(schedule.startupKills) during start-up), \(report.lineCount) lines, \
      \(report.firstShown.count) of \(expectedKeys.count) reminders shown, \(report.duplicates.count) shown again, \
      \(report.lateCount) late, \(report.truncated) truncated last lines; log: \(log.count) delivered
      """)
    print("DaemonCrashTests restarts: \(Self.restartSummary(runs))")
  }

  /// The scenario document, and the key of every reminder it should give.
  private static func scenario() -> (document: String, keys: [String]) {
    let count = blocks + tasks
    var blockItems: [String] = []
    var taskItems: [String] = []
    var keys: [String] = []
    for index in 0..<count {
      let fire = clockStart.addingTimeInterval(
        firstFire + (Double(index) * spread / Double(count)).rounded(.down))
      let number = String(index / 2 + 1)
      if index.isMultiple(of: 2) {
        let id = "b\(number)"
        blockItems.append(
          #"{"id":"\#(id)","title":"Block \#(number)","start":"\#(RFC3339.utcString(fire))","#
            + #""end":"\#(RFC3339.utcString(fire.addingTimeInterval(1800)))"}"#)
        keys.append(DeliveryReport.key("focus-block-start-\(id)", RFC3339.utcString(fire)))
      } else {
        let id = "t\(number)"
        taskItems.append(
          #"{"id":"\#(id)","title":"Task \#(number)","due":"\#(RFC3339.utcString(fire.addingTimeInterval(900)))"}"#
        )
        keys.append(DeliveryReport.key("due-date-advance-\(id)", RFC3339.utcString(fire)))
      }
    }
    let document = """
      {
        "timeZone": "UTC",
        "locale": "en",
        "settings": {
          "focusBlockLeadMinutes": 0,
          "dueDateMorningReminderEnabled": false,
          "dueDateAdvanceReminderEnabled": true,
          "dueDateAdvanceReminderMinutes": 15
        },
        "focusBlocks": [\(blockItems.joined(separator: ",\n"))],
        "tasks": [\(taskItems.joined(separator: ",\n"))]
      }
      """
    return (document, keys)
  }

  /// How long each restart took to resume: to its "started" log line and to its first delivery.
  private static func restartSummary(_ runs: [DaemonRun]) -> String {
    let restarts = runs.dropFirst()
    func describe(_ values: [Double]) -> String {
      let sorted = values.sorted()
      guard let low = sorted.first, let high = sorted.last else { return "n/a" }
      let median = sorted[sorted.count / 2]
      return String(
        format: "min %.0f ms, median %.0f ms, max %.0f ms", low * 1000, median * 1000, high * 1000)
    }
    let pending = restarts.compactMap(\.pendingAtStart).map(String.init).joined(separator: ", ")
    let resumed = restarts.filter(\.firstWasOverdue).compactMap(\.firstDeliveryAfter)
    return
      "launch to \"started\" (store read, queue planned) \(describe(restarts.compactMap(\.startedAfter))); "
      + "launch to the first overdue reminder shown (\(resumed.count) restarts) \(describe(resumed)); "
      + "queue at start: [\(pending)]"
  }
}
