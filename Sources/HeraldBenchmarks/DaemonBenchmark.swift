import Foundation
import HeraldContracts
import HeraldSystem
import HeraldCore
import HeraldTestSupport
import HeraldRuntime
import HeraldSQLite
import Logging

/// The daemon's costs: queue memory per pending reminder, start-up with a million reminders in
/// the store, and how late reminders fire on the real clock with the stdout sink.
struct DaemonBenchmark {
  let logger = Logger(label: "benchmark") { _ in SwiftLogNoOpLogHandler() }
  let zone = BenchmarkFixtures.zone("Europe/Berlin")
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-benchmark")

  func run() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try await startUp()
    try await lateness()
  }

  /// 500 000 tasks with morning and advance reminders: 1 000 000 reminders in the store.
  private func startUp() async throws {
    let path = directory.appendingPathComponent("million.sqlite").path
    let now = Date()
    if !FileManager.default.fileExists(atPath: path) {
      print("\nfilling \(path) with 500 000 tasks (once; reused by later runs)…")
      let store = try SQLiteStore(path: path)
      var state = PlanningState(timeZone: zone)
      state.settings.dueDateAdvanceReminderEnabled = true
      // 500 a day from the day after tomorrow on, due 17:00–17:08 local: both reminders ahead.
      let resolver = zone
      let firstDay = resolver.day(at: now).adding(days: 2)
      state.tasks = (0..<500_000).map { index in
        let due = resolver.instant(on: firstDay.adding(days: index / 500), at: Fixtures.time(17, 0))
        return TodoItem(
          id: "t\(index)", title: "Task \(index)", due: due.addingTimeInterval(Double(index % 500)))
      }
      try store.replaceAll(with: state)
    }
    var startTimes: [Double] = []
    var pending = 0
    var bytes = 0.0
    var residentGrowth = 0.0
    for _ in 0..<3 {
      let store = try SQLiteStore(path: path)
      let before = Self.residentBytes()
      let clock = ContinuousClock()
      let started = clock.now
      let daemon = ReminderDaemon(
        store: store, clock: SystemClock(), zones: FixedTimeZoneSource(zone), sinks: [], logger: logger)
      try await daemon.start()
      let elapsed = started.duration(to: clock.now)
      startTimes.append(elapsed.inSeconds)
      pending = await daemon.pendingCount
      bytes = await daemon.queueBytesPerReminder
      if startTimes.count == 1 {
        residentGrowth = Double(Self.residentBytes() - before) / Double(max(pending, 1))
      }
    }
    startTimes.sort()
    print("\nDaemon (release build, 1 000 000 reminders in the store: 500 000 tasks × morning + advance)")
    print(
      String(
        format: "  start-up (load, plan, queue), median of 3:  %.2f s   target ≤ 5 s   %@", startTimes[1],
        startTimes[1] <= 5 ? "PASS" : "FAIL"))
    print("  pending reminders in the queue:             \(pending)")
    print(
      String(
        format: "  queue memory per pending reminder:          %.1f bytes   target ≤ 200   %@", bytes,
        bytes <= 200 ? "PASS" : "FAIL"))
    print(
      String(
        format:
          "  resident memory growth per reminder:        %.0f bytes (first start; the loaded tasks included)",
        residentGrowth))
  }

  /// 10 000 focus-block reminders 2 ms apart on the real clock, shown through the stdout sink.
  private func lateness() async throws {
    let count = 10_000
    let store = try SQLiteStore.inMemory()
    try store.set(.focusBlockLeadMinutes, .int(0))
    let first = Date().addingTimeInterval(3)
    var state = PlanningState(timeZone: zone)
    try state.settings.set(.focusBlockLeadMinutes, to: .int(0))
    state.focusBlocks = (0..<count).map { index in
      let start = first.addingTimeInterval(Double(index) * 0.002)
      return FocusBlock(
        id: "b\(index)", title: "Block \(index)", start: start, end: start.addingTimeInterval(600))
    }
    try store.replaceAll(with: state)
    let devNull = FileHandle(forWritingAtPath: "/dev/null")
    let collector = LatenessCollector(stdout: StdoutSink { line in devNull?.write(Data(line.utf8)) })
    let daemon = ReminderDaemon(
      store: store, clock: SystemClock(), zones: FixedTimeZoneSource(zone), sinks: [collector], logger: logger
    )
    let running = Task { try await daemon.run() }
    while await daemon.shownCount < count {
      try await Task.sleep(for: .milliseconds(200))
      if Date() > first.addingTimeInterval(120) { break }
    }
    running.cancel()
    let late = collector.latenesses.sorted()
    func percentile(_ p: Double) -> Double {
      late.isEmpty ? .nan : late[Int(Double(late.count - 1) * p)] * 1000
    }
    print("\nLateness on the real clock, \(late.count) of \(count) deliveries 2 ms apart, stdout sink:")
    print(
      String(
        format: "  p50 %.3f ms   p99 %.3f ms (target ≤ 5 ms: %@)   max %.3f ms", percentile(0.5),
        percentile(0.99), percentile(0.99) <= 5 ? "PASS" : "FAIL", percentile(1)))
  }

  /// Resident set size from /proc, in bytes.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }
}
