import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldRuntime
import HeraldWorker
import Logging

/// The many-user engine under load (job `workers`, only when named): PostgreSQL (the server
/// `HERALD_POSTGRES_URL` names; `.ci/postgres` starts one), release `herald worker` processes and a
/// webhook receiver, all on this machine. Deliveries per second with 1 and 2 workers draining a
/// backlog; lateness at a steady 1 000 deliveries/s; how long a dead worker's claims take to be
/// delivered by another. (What a change of a user's data costs is job `changes`.)
/// `HERALD_BENCH_CASES` runs some of the cases alone: a comma-separated list of `backlog`, `burst`,
/// `steady` and `takeover` (all by default).
struct WorkerBenchmark {
  let users = 1_000
  let cases = Set(
    (ProcessInfo.processInfo.environment["HERALD_BENCH_CASES"] ?? "backlog,burst,steady,takeover")
      .split(separator: ",").map(String.init))
  let logger = BenchmarkPostgres.quietLogger
  var load: HeraldWorkerLoad { HeraldWorkerLoad(users: users, logger: logger) }

  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print("\nworkers: skipped — set HERALD_POSTGRES_URL (.ci/postgres starts a server and prints one)")
      return
    }
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: logger)
    let receiver = try await WebhookSinkServer(port: ServeProcess.freePort())
    defer { receiver.stop() }
    print(
      "\nMany users on PostgreSQL (release herald worker processes, receiver and database on this machine)")

    for workers in [1, 2] where cases.contains("backlog") {
      let perUser = 20
      let (rate, seconds) = try await postgres.withDatabase { url in
        let fire = try await load.populate(
          url, perUser: perUser, startingIn: 20, spread: 1, webhook: receiver.url)
        try await HeraldWorkerLoad.sleep(until: fire.addingTimeInterval(0.5))
        receiver.reset()
        let processes = try load.launchWorkers(url, count: workers)
        defer { processes.forEach { $0.terminate() } }
        let seconds = try await receiver.wait(for: users * perUser, within: 300)
        return (Double(receiver.count) / seconds, seconds)
      }
      print(
        "  deliveries/s, \(workers) worker\(workers == 1 ? " " : "s"): \(Int(rate)) "
          + "(a backlog of \(users * perUser) due at once, drained in \(String(format: "%.1f", seconds)) s)"
          + (workers == 2 ? "; target ≥ 5 000/s" : ""))
    }

    if cases.contains("burst") { try await burst(postgres, receiver) }
    if cases.contains("steady") { try await steady(postgres, receiver) }
    if cases.contains("takeover") { try await takeover(postgres, receiver) }
  }

  /// 1 000/s, each second's due at its start: each user has one reminder in each of 20
  /// consecutive seconds.
  func burst(_ postgres: BenchmarkPostgres, _ receiver: WebhookSinkServer) async throws {
    let lateness = try await postgres.withDatabase { url in
      let spread = 20
      let first = try await load.populate(
        url, perUser: spread, startingIn: 20, spread: spread, webhook: receiver.url)
      receiver.reset()
      let processes = try load.launchWorkers(url, count: 2)
      defer { processes.forEach { $0.terminate() } }
      try await HeraldWorkerLoad.sleep(until: first.addingTimeInterval(Double(spread)))
      _ = try await receiver.wait(for: users * spread, within: 60)
      return receiver.lateness
    }
    print(
      "  lateness at 1 000/s (2 workers, \(lateness.count) deliveries): p50 \(Self.milliseconds(lateness, 0.5)), "
        + "p99 \(Self.milliseconds(lateness, 0.99)), max \(Self.milliseconds(lateness, 1)); "
        + "no target: each second's 1 000 are due at once, and the last waits for the 999 before it"
    )
  }

  /// Each second's deliveries spread evenly over it, and the CPU each costs the workers and
  /// PostgreSQL (from a second before the first is due to the last one's arrival).
  func steady(_ postgres: BenchmarkPostgres, _ receiver: WebhookSinkServer) async throws {
    // The burst is what one instant with 1 000 due costs; this is what a steady stream does to
    // punctuality.
    let postmaster = try await postgres.postmaster()
    for (rate, seconds) in [(1_000, 20), (5_000, 10)] {
      let (lateness, cpu) = try await postgres.withDatabase { url in
        let first = try await load.populate(
          url, perUser: rate * seconds / users, startingIn: 25, spread: 0, webhook: receiver.url, rate: rate)
        receiver.reset()
        let processes = try load.launchWorkers(url, count: 2)
        defer { processes.forEach { $0.terminate() } }
        let workers = processes.map(\.processIdentifier)
        try await HeraldWorkerLoad.sleep(until: first.addingTimeInterval(-1))
        let before = (ProcessCPU.seconds(workers), ProcessCPU.serverSeconds(postmaster: postmaster))
        try await HeraldWorkerLoad.sleep(until: first.addingTimeInterval(Double(seconds)))
        _ = try await receiver.wait(for: rate * seconds, within: 60)
        let count = Double(receiver.count)
        let cpu = (
          workers: (ProcessCPU.seconds(workers) - before.0) / count,
          server: (ProcessCPU.serverSeconds(postmaster: postmaster) - before.1) / count
        )
        return (receiver.lateness, cpu)
      }
      print(
        "  lateness at a steady \(rate)/s (2 workers, \(lateness.count) deliveries spread evenly): p50 "
          + "\(Self.milliseconds(lateness, 0.5)), p99 \(Self.milliseconds(lateness, 0.99)), max "
          + "\(Self.milliseconds(lateness, 1)), earliest \(Self.milliseconds(lateness, 0)); target p99 ≤ "
          + (rate == 1_000 ? "20 ms" : "50 ms")
          + String(format: "; CPU a delivery: workers %.3f ms, ", cpu.workers * 1000)
          + String(format: "PostgreSQL %.3f ms", cpu.server * 1000))
    }
  }

  /// A dead worker's claims.
  func takeover(_ postgres: BenchmarkPostgres, _ receiver: WebhookSinkServer) async throws {
    // A dead worker: its claims (with the default lease, as `herald worker` takes them) are
    // delivered by another when the lease ends.
    let lease = WorkerConfiguration().lease
    let takeover = try await postgres.withDatabase { url in
      let fire = try await load.populate(url, perUser: 1, startingIn: 15, spread: 1, webhook: receiver.url)
      try await HeraldWorkerLoad.sleep(until: fire.addingTimeInterval(0.2))
      let claimed = try await PostgresStore.withStore(url, logger: logger) { store in
        try await store.claim(now: Date(), limit: users, lease: lease).count
      }
      receiver.reset()
      let clock = ContinuousClock()
      let start = clock.now
      let processes = try load.launchWorkers(url, count: 1)
      defer { processes.forEach { $0.terminate() } }
      _ = try await receiver.wait(for: claimed, within: 90)
      return (claimed, start.duration(to: clock.now).inSeconds)
    }
    print(
      "  a dead worker's \(takeover.0) claimed rows delivered by another after "
        + "\(String(format: "%.1f", takeover.1)) s (lease \(Int(lease)) s); target ≤ 30 s after the claim")
  }

  /// A user's day: 10 focus blocks, 10 tasks due, movement every hour.
  static func richState(now: Date) -> PlanningState {
    let zone = BenchmarkFixtures.zone("Europe/Berlin")
    let blocks = (0..<10).map { index in
      let start = now.addingTimeInterval(Double(3600 + index * 3600))
      return FocusBlock(
        id: "b\(index)", title: "Block \(index)", start: start, end: start.addingTimeInterval(1800))
    }
    let tasks = (0..<10).map { index in
      TodoItem(
        id: "t\(index)", title: "Task \(index)", due: now.addingTimeInterval(Double(86_400 + index * 3600)))
    }
    return PlanningState(
      timeZone: zone, focusBlocks: blocks, tasks: tasks, movement: ScheduleTemplate.officeWorker.schedule)
  }

  static func milliseconds(_ sorted: [Double], _ fraction: Double) -> String {
    guard !sorted.isEmpty else { return "-" }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
    return "\(Int((sorted[max(0, index)] * 1000).rounded())) ms"
  }
}
