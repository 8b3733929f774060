import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldSystem
import HeraldTestSupport

/// The live event stream under load, against a release `herald serve` in its own process: how many
/// open `/live/events` streams it holds and its resident memory per stream, and how long a task
/// completed through the API takes to reach the streams as an event, with one stream open and with
/// all of them. Job `sse`; `SSE_CLIENTS` sets how many streams (default 1 000).
struct EventStreamBenchmark {
  let clients = Int(ProcessInfo.processInfo.environment["SSE_CLIENTS"] ?? "") ?? 1000
  let samples = 250
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "herald-benchmark-sse-\(ProcessInfo.processInfo.processIdentifier)")

  func run() throws {
    let limit = ServeProcess.raiseDescriptorLimit()
    guard limit > clients + 64 else {
      throw ServeProcess.Failure(description: "open-file limit \(limit) is too low for \(clients) streams")
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("herald.sqlite").path
    let token = try seed(database)
    let server = try ServeProcess(database: database, port: ServeProcess.freePort())
    defer { server.stop() }
    let streams = EventStreamClients(port: server.port)
    defer { streams.closeAll() }
    var tasks = (0..<(2 * samples + 10)).map { "t\($0)" }.makeIterator()
    func nextTask() -> String { tasks.next() ?? "none" }

    // One stream, warmed up, before the crowd: the baseline the memory per stream is measured from.
    try streams.open(1)
    for _ in 0..<10 { _ = try sample(nextTask(), streams: streams, port: server.port, token: token) }
    let alone = try (0..<samples).map { _ in
      try sample(nextTask(), streams: streams, port: server.port, token: token)
    }
    let residentBefore = server.status("VmRSS")
    let threadsBefore = server.status("Threads")

    let clock = ContinuousClock()
    let opening = clock.now
    try streams.open(clients - 1)
    let openTime = opening.duration(to: clock.now)
    // A moment for the allocator to settle, then the footprint with every stream open.
    Thread.sleep(forTimeInterval: 1)
    let residentAfter = server.status("VmRSS")
    let threadsAfter = server.status("Threads")
    let countsBefore = streams.eventCounts
    let crowd = try (0..<samples).map { _ in
      try sample(nextTask(), streams: streams, port: server.port, token: token)
    }
    let missed = zip(streams.eventCounts, countsBefore).filter { $0 - $1 < samples }.count

    let perStream = Double(residentAfter - residentBefore) / Double(clients - 1)
    print("\nLive event stream (release herald serve in its own process, loopback, \(samples) samples each)")
    print(
      "  open streams held:  \(streams.count) (every one received its first event; opened in "
        + String(
          format: "%.2f s)   target ≥ 1 000   %@", openTime.inSeconds, streams.count >= 1000 ? "PASS" : "FAIL"
        ))
    print(
      String(
        format: "  server resident:    %.1f MiB with 1 stream, %.1f MiB with %d; threads %d → %d",
        Double(residentBefore) / 1024, Double(residentAfter) / 1024, streams.count, threadsBefore,
        threadsAfter))
    print(String(format: "  memory per stream:  %.1f KiB", perStream))
    print("  streams that missed an event while \(samples) tasks were completed: \(missed)")
    print("  task completed through the API → its event on a stream (ms):")
    report("1 stream open", alone.map(\.first))
    report("\(streams.count) open, the first", crowd.map(\.first))
    report("\(streams.count) open, the last", crowd.map(\.last))
    // Out before the server is stopped, even into a pipe.
    fflush(nil)
  }

  private func report(_ label: String, _ values: [Double]) {
    let sorted = values.sorted()
    func percentile(_ p: Double) -> Double { sorted[Int(Double(sorted.count - 1) * p)] * 1000 }
    let p99 = percentile(0.99)
    print(
      "    " + label.padding(toLength: 26, withPad: " ", startingAt: 0)
        + String(
          format: "p50 %7.2f   p99 %7.2f   max %7.2f   target p99 ≤ 100 ms   %@", percentile(0.5), p99,
          percentile(1), p99 <= 100 ? "PASS" : "FAIL"))
  }

  /// Completes `task` through the API on a connection of its own (a thread of its own, as another
  /// program would) and waits until every open stream has received an event after it: seconds from
  /// sending the request to the event on the first stream opened and on the last stream to get it.
  private func sample(
    _ task: String, streams: EventStreamClients, port: Int, token: String
  ) throws -> (first: Double, last: Double) {
    let before = streams.eventCounts
    let status = Locked<Int?>(nil)
    let answered = DispatchSemaphore(value: 0)
    let started = ContinuousClock.now
    Thread.detachNewThread {
      let response = try? RawHTTPClient(port: port).request(
        "POST", "/api/v1/tasks/\(task)/complete",
        headers: [("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)")])
      status.value = response?.status
      answered.signal()
    }
    try streams.waitUntil(timeout: .seconds(10)) {
      zip(streams.eventCounts, before).allSatisfy { $0 > $1 }
    }
    answered.wait()
    guard status.value == 200 else {
      throw ServeProcess.Failure(
        description: "completing \(task) answered \(status.value.map(String.init) ?? "nothing")")
    }
    let arrivals = streams.lastArrivals
    let last = arrivals.max() ?? started
    return (started.duration(to: arrivals[0]).inSeconds, started.duration(to: last).inSeconds)
  }

  /// A running focus block holding every task the samples complete (each completion changes the
  /// live view's tally, so each sends an event), and a token for the API.
  private func seed(_ database: String) throws -> String {
    let store = try SQLiteStore(path: database)
    let now = Date()
    let taskIDs = (0..<(2 * samples + 10)).map { "t\($0)" }
    var state = PlanningState(timeZone: .utc)
    state.tasks = taskIDs.map { TodoItem(id: $0, title: "Task \($0)") }
    state.focusBlocks = [
      FocusBlock(
        id: "running", title: "Load", start: now.addingTimeInterval(-600),
        end: now.addingTimeInterval(3 * 3600),
        taskIDs: taskIDs)
    ]
    try store.replaceAll(with: state)
    return try store.createToken(name: "benchmark", at: now)
  }
}
