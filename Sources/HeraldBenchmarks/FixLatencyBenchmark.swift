import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldSystem
import HeraldTestSupport
import Logging

/// Job 5c: from a fix's arrival at the daemon to its notification written by the stdout sink,
/// through everything in between: the check for changes by other processes, the fix filter, the
/// monitor, the delivery log lookup and the decision, on a real SQLite file.
struct FixLatencyBenchmark {
  let logger = Logger(label: "benchmark") { _ in SwiftLogNoOpLogHandler() }
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-benchmark")

  /// A sink that writes the line to /dev/null and notes when, in order.
  final class TimedSink: DeliverySink, @unchecked Sendable {
    var channel: String { "benchmark" }

    private let stdout: StdoutSink
    private let lock = NSLock()
    private(set) var written: [ContinuousClock.Instant] = []

    init() {
      let devNull = FileHandle(forWritingAtPath: "/dev/null")
      stdout = StdoutSink { line in devNull?.write(Data(line.utf8)) }
    }

    func deliver(_ delivery: Delivery) async throws {
      try await stdout.deliver(delivery)
      let now = ContinuousClock.now
      lock.withLock { written.append(now) }
    }

    var instants: [ContinuousClock.Instant] { lock.withLock { written } }
  }

  func run() async throws {
    let count = 2_000
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("places-\(UUID().uuidString).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try SQLiteStore(path: path)
    // A point every 100 m due north; each fix lands on the next one: every fix notifies.
    let origin = Fixtures.coordinate(52.52, 13.405)
    let points = (0..<count).map { index in
      PointOfInterest(
        id: "p\(index)", name: "Ort \(index)",
        coordinate: Fixtures.coordinate(origin, metresNorth: Double(index) * 100))
    }
    try store.importRoute(try Route(id: "latency", name: "Latency", waypoints: points))
    try store.startWalk(routeID: "latency", at: Date())
    let sink = TimedSink()
    let daemon = ReminderDaemon(
      store: store, clock: SystemClock(), zones: FixedTimeZoneSource(BenchmarkFixtures.berlin), sinks: [sink],
      logger: logger)
    try await daemon.start()
    var arrivals: [ContinuousClock.Instant] = []
    let start = Date()
    for (index, point) in points.enumerated() {
      let fix = LocationFix(
        coordinate: point.coordinate, timestamp: start.addingTimeInterval(Double(index)),
        horizontalAccuracy: 5)
      // Fixes a few milliseconds apart, as a fast source sends them: each arrives to an idle daemon.
      try await Task.sleep(for: .milliseconds(2))
      arrivals.append(.now)
      try await daemon.handle(fix)
    }
    let latencies = zip(arrivals, sink.instants).map { ($1 - $0).inSeconds * 1000 }.sorted()
    func percentile(_ p: Double) -> Double {
      latencies.isEmpty ? .nan : latencies[Int(Double(latencies.count - 1) * p)]
    }
    print(
      "\nFix to notification on the stdout sink, \(latencies.count) of \(count) fixes (SQLite file, release):"
    )
    print(
      String(
        format: "  p50 %.3f ms   p99 %.3f ms (target ≤ 5 ms: %@)   max %.3f ms", percentile(0.5),
        percentile(0.99),
        percentile(0.99) <= 5 ? "PASS" : "FAIL", percentile(1)))
  }
}
