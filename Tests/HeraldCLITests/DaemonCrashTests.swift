import Foundation
import HeraldCore
import HeraldInterchange
import HeraldStore
import HeraldTestSupport
import Testing

/// Issue 3's crash test: 2 000 reminders fall due within three (fast-clock) minutes while the
/// real `herald run` is killed with SIGKILL at random moments and restarted on the same fast
/// clock. Every reminder is shown, and one is shown twice only where a kill fell between showing
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

  @Test(.timeLimit(.minutes(3)))
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
    try HeraldStore(path: database).writeCheckpoint(Self.clockStart)

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
    try #require(seen.count < expectedKeys.count, "the schedule left the last run nothing to show")
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
    // A reminder is shown twice only when the kill fell between showing and recording it: then
    // it is the killed run's last line, and the next run shows it again.
    let killed = runs.filter(\.killed).count
    #expect(report.duplicates.count <= killed)
    for duplicate in report.duplicates {
      #expect(duplicate.places.count == 2, "\(duplicate.key) shown \(duplicate.places.count) times")
      let first = duplicate.places[0]
      let run = runs[first.run]
      #expect(
        run.killed && first.line == run.lastCompleteLine,
        "\(duplicate.key): line \(first.line + 1) of run \(first.run + 1) (\(run.lines.count) lines)")
      #expect(duplicate.places[1].run > first.run, "\(duplicate.key) shown twice in one run")
    }
    // The delivery log holds each reminder once, delivered.
    let log = try HeraldStore(path: database).deliveries()
    #expect(log.count == expectedKeys.count)
    #expect(log.allSatisfy { $0.status == .delivered })
    #expect(Set(log.map { DeliveryReport.key($0.requestID, RFC3339.utcString($0.fireDate)) }) == expectedKeys)

    print(
      """
      DaemonCrashTests summary (seed \(seed)): \(runs.count) runs, \(killed) kills \
      (\(schedule.startupKills) during start-up), \(report.lineCount) lines, \
      \(report.firstShown.count) of \(expectedKeys.count) reminders shown, \(report.duplicates.count) shown twice, \
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

/// When to kill a run, and how long the daemon then stays down.
private struct ChaosSchedule: CustomStringConvertible {
  enum Kill {
    /// SIGKILL once this many distinct reminders have been seen in all, after a further pause
    /// (microseconds) that lets the kill land anywhere in the show-and-record cycle.
    case afterDelivered(Int, pauseMicroseconds: Int)
    /// SIGKILL this long (milliseconds) after the launch, whatever it has shown.
    case duringStartup(milliseconds: Int)
  }

  struct Step {
    var kill: Kill
    var downtimeMilliseconds: Int
  }

  var kills: [Step]

  /// Five to eight kills. The first run is always killed during its start-up and stays down
  /// while the first reminders fall due; one more kill at a random place is during start-up; the
  /// others come after random numbers of deliveries, never within the last 400 (half a minute
  /// of reminders, longer than two downtimes and a start-up): the last run always has work to do.
  init(reminders: Int, using random: inout SeededGenerator) {
    let count = Int.random(in: 5...8, using: &random)
    let startup = Int.random(in: 1..<count, using: &random)
    let targets = (0..<count).map { _ in Int.random(in: 1...(reminders - 400), using: &random) }.sorted()
    kills = targets.enumerated().map { index, target in
      let kill =
        index == 0 || index == startup
        ? Kill.duringStartup(milliseconds: Int.random(in: 0...400, using: &random))
        : Kill.afterDelivered(target, pauseMicroseconds: Int.random(in: 0...3_000, using: &random))
      let downtime = index == 0 ? 1_500...3_000 : 0...2_500
      return Step(kill: kill, downtimeMilliseconds: Int.random(in: downtime, using: &random))
    }
  }

  var startupKills: Int {
    kills.filter { if case .duringStartup = $0.kill { true } else { false } }.count
  }

  var description: String {
    let steps = kills.map { step in
      switch step.kill {
      case .afterDelivered(let target, let pause):
        "kill after \(target) shown (+\(pause) µs), down \(step.downtimeMilliseconds) ms"
      case .duringStartup(let milliseconds):
        "kill \(milliseconds) ms after launch, down \(step.downtimeMilliseconds) ms"
      }
    }
    return "\(kills.count) kills: " + steps.joined(separator: "; ")
  }
}

/// One run of `herald run`: every stdout line it printed until it was killed or stopped.
private struct DaemonRun {
  var lines: [StreamingProcess.Line] = []
  var errorLines: [StreamingProcess.Line] = []
  var killed = false
  var status: Int32 = 0
  /// Seconds from the launch to the first delivery line, and to the "started" log line.
  var firstDeliveryAfter: Double?
  var startedAfter: Double?
  /// The queue's length when it started, as logged.
  var pendingAtStart: Int?
  /// Whether the first line was due before the launch: then `firstDeliveryAfter` is how long the
  /// restart took to resume.
  var firstWasOverdue = false

  /// Runs the daemon, adding the reminders it shows to `seen`, until `kill` says to SIGKILL it;
  /// with no kill, until everything in `all` has been seen, and then stops it with SIGTERM.
  init(
    _ arguments: [String], speed: Double, until kill: ChaosSchedule.Kill?, seen: inout Set<String>,
    deadline: Date, all: Set<String> = []
  ) async throws {
    let daemon = try StreamingProcess(arguments)
    let watchdog = Task {
      try await Task.sleep(for: .seconds(max(1, deadline.timeIntervalSinceNow)))
      daemon.kill()
    }
    defer { watchdog.cancel() }
    var signalled = false
    if case .duringStartup(let milliseconds) = kill {
      signalled = true
      killed = true
      Task {
        try await Task.sleep(for: .milliseconds(milliseconds))
        daemon.kill()
      }
    }
    for await line in daemon.lines {
      lines.append(line)
      let delivery = line.isComplete ? DeliveryReport.parse(line.text) : nil
      if let delivery { seen.insert(delivery.key) }
      if firstDeliveryAfter == nil {
        firstDeliveryAfter = line.arrival
        // The fast clock's reading at the launch, from when the line says it was shown.
        let launchedAt = delivery.map { $0.deliveredAt.addingTimeInterval(-line.arrival * speed) }
        firstWasOverdue = delivery.map { $0.fireDate < (launchedAt ?? .distantPast) } ?? false
      }
      guard !signalled else { continue }
      switch kill {
      case .afterDelivered(let target, let pause) where seen.count >= target:
        signalled = true
        killed = true
        if pause > 0 { try await Task.sleep(for: .microseconds(pause)) }
        daemon.kill()
      case nil where seen.isSuperset(of: all):
        signalled = true
        daemon.terminate()
      default:
        break
      }
    }
    status = await daemon.waitForExit()
    errorLines = daemon.standardError
    if let started = errorLines.first(where: { $0.text.contains("started") }) {
      startedAfter = started.arrival
      pendingAtStart = started.text.firstMatch(of: /pending=(\d+)/).flatMap { Int($0.1) }
    }
  }

  /// The index of the last line that was written whole.
  var lastCompleteLine: Int? { lines.lastIndex(where: \.isComplete) }

  var errorText: String { errorLines.suffix(20).map(\.text).joined(separator: "\n") }
}

/// What the lines of all runs add up to.
private struct DeliveryReport {
  struct Delivery {
    var key: String
    var fireDate: Date
    var deliveredAt: Date
    var late: Bool
  }

  struct Duplicate {
    var key: String
    var places: [(run: Int, line: Int)]
  }

  var firstShown = Set<String>()
  var duplicates: [Duplicate] = []
  var malformed: [String] = []
  var truncated = 0
  var lateCount = 0
  var lateButOnTime = 0
  var lineCount = 0

  init(runs: [DaemonRun]) {
    var places: [String: [(run: Int, line: Int)]] = [:]
    for (runIndex, run) in runs.enumerated() {
      for (lineIndex, line) in run.lines.enumerated() {
        guard line.isComplete else {
          if run.killed { truncated += 1 } else { malformed.append(line.text) }
          continue
        }
        lineCount += 1
        guard let delivery = Self.parse(line.text) else {
          malformed.append(line.text)
          continue
        }
        if delivery.late {
          lateCount += 1
          if delivery.deliveredAt <= delivery.fireDate { lateButOnTime += 1 }
        }
        places[delivery.key, default: []].append((runIndex, lineIndex))
      }
    }
    firstShown = Set(places.keys)
    duplicates = places.filter { $0.value.count > 1 }.map { Duplicate(key: $0.key, places: $0.value) }
      .sorted { $0.key < $1.key }
  }

  /// The key of a reminder: its request id and fire instant, as the lines print them.
  static func key(_ id: String, _ fireDate: String) -> String { "\(id) \(fireDate)" }

  /// A delivery line (`contracts/plan.md`): a JSON object with every key; `nil` when it is not one.
  static func parse(_ text: String) -> Delivery? {
    guard let object = try? JSONValue.parse(Data(text.utf8)),
      case .string(let id)? = object["id"], case .string(let fireDate)? = object["fireDate"],
      case .string(let deliveredAt)? = object["deliveredAt"], case .bool(let late)? = object["late"],
      let fire = RFC3339.parse(fireDate), let shown = RFC3339.parse(deliveredAt)
    else { return nil }
    let keys = ["category", "title", "body", "interruptionLevel", "sound", "userInfo"]
    guard keys.allSatisfy({ object[$0] != nil }) else { return nil }
    return Delivery(key: key(id, fireDate), fireDate: fire, deliveredAt: shown, late: late)
  }
}
