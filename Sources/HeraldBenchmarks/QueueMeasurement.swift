import Foundation

/// One case of `compare`: one queue, a number of workers, a setting, and what draining the
/// backlog cost.
struct QueueMeasurement {
  var side: String
  var workers: Int
  var setting: String
  var deliveries: Int
  /// Deliveries per second from the first arrival at the receiver to the last.
  var rate: Double
  var workerCPU: Double
  var serverCPU: Double
  /// This process's CPU over the same window: the receiver's, which no queue is charged with
  /// but which shares the machine's cores with them.
  var receiverCPU: Double
  var commits: Int
  /// The share of the machine's cores busy from the first arrival to the last (0–1).
  var machineBusy: Double = 0

  var workerMillisecondsPerDelivery: Double { workerCPU * 1000 / Double(deliveries) }
  var serverMillisecondsPerDelivery: Double { serverCPU * 1000 / Double(deliveries) }
  var receiverMillisecondsPerDelivery: Double { receiverCPU * 1000 / Double(deliveries) }
  var commitsPerDelivery: Double { Double(commits) / Double(deliveries) }

  /// Launches the workers on `database` (whose backlog is already committed) and measures them
  /// until `receiver` has `deliveries` arrivals. The same rule for every queue: time and CPU
  /// count from the first arrival, so that neither a Python interpreter's start nor a Swift
  /// binary's weighs on a figure per delivery; commits count from before the launch to after
  /// the workers have exited, since a backend reports its counts for sure only when it exits.
  static func measure(
    side: String, workers: Int, setting: String, deliveries: Int, database: String,
    postgres: BenchmarkPostgres, postmaster: Int32, receiver: WebhookSinkServer,
    launch: () throws -> [Process]
  ) async throws -> QueueMeasurement {
    let commitsBefore = try await postgres.commits(in: database)
    let processes = try launch()
    defer { processes.filter(\.isRunning).forEach { $0.terminate() } }
    let pids = processes.map(\.processIdentifier)

    _ = try await receiver.wait(for: 1, within: 60)
    guard receiver.count > 0 else { throw BenchmarkFailure("\(side): nothing arrived within 60 s") }
    let workerStart = ProcessCPU.seconds(pids)
    let serverStart = ProcessCPU.serverSeconds(postmaster: postmaster)
    let receiverStart = ProcessCPU.seconds([getpid()])
    let machineStart = MachineCPU.now()
    _ = try await receiver.wait(for: deliveries, within: 300)
    let machineBusy = MachineCPU.now().busyShare(since: machineStart)
    guard receiver.count >= deliveries, let span = receiver.span else {
      throw BenchmarkFailure("\(side): \(receiver.count) of \(deliveries) arrived within 300 s")
    }
    // Completions buffered for a moment (pgqueuer flushes its buffer every 0.1 s) are part of
    // the work; the workers and their backends are read while they still run.
    try await Task.sleep(for: .milliseconds(300))
    let workerCPU = ProcessCPU.seconds(pids) - workerStart
    let serverCPU = ProcessCPU.serverSeconds(postmaster: postmaster) - serverStart
    let receiverCPU = ProcessCPU.seconds([getpid()]) - receiverStart

    for process in processes { process.terminate() }
    for _ in 0..<500 where processes.contains(where: \.isRunning) {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Their backends exit once the connections close, and report their counts as they go.
    try await Task.sleep(for: .milliseconds(500))
    let commits = try await postgres.commits(in: database) - commitsBefore
    let seconds = max(span.last.timeIntervalSince(span.first), 0.001)
    return QueueMeasurement(
      side: side, workers: workers, setting: setting, deliveries: receiver.count,
      rate: Double(receiver.count) / seconds, workerCPU: workerCPU, serverCPU: serverCPU,
      receiverCPU: receiverCPU, commits: commits, machineBusy: machineBusy)
  }
}
