import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import Logging

/// What a change of a user's data costs on PostgreSQL (job `changes`, only when named): users
/// replanned per second, each replacing their whole data, 1, 8, 32 and 64 at a time (those that come
/// while one is written go together, as `herald import`s run at once would), and
/// by a worker recording movement reminders shown (each moving its user's chain on); and
/// a task created and completed through the store the server uses (`PostgresUserData.addTask`,
/// `completeTask`: the task written and its reminders replanned) with 10, 1 000 and 10 000 tasks
/// already stored, and a focus block added beside them, and a worker's round right after a task
/// added, so any growth of their cost with the number of tasks shows.
/// `HERALD_BENCH_CASES` runs some of the cases alone: a comma-separated list of `replaces`,
/// `chains` and `tasks` (all by default).
struct ChangesBenchmark {
  let users = 1_000
  let cases = Set(
    (ProcessInfo.processInfo.environment["HERALD_BENCH_CASES"] ?? "replaces,chains,tasks")
      .split(separator: ",").map(String.init))
  let logger = BenchmarkPostgres.quietLogger

  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print("\nchanges: skipped — set HERALD_POSTGRES_URL (.ci/postgres starts a server and prints one)")
      return
    }
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: logger)
    print("\nChanges of a user's data on PostgreSQL (release build, the server on this machine)")
    let postmaster = try await postgres.postmaster()
    for concurrency in [1, 8, 32, 64] where cases.contains("replaces") {
      let (rate, own, server) = try await postgres.withDatabase { url in
        try await replans(url, concurrency: concurrency, postmaster: postmaster)
      }
      print(
        "  users replanned/s (10 blocks, 10 tasks, a movement schedule each; \(concurrency) at a time): "
          + "\(Int(rate)); target ≥ 3 000; CPU per user: "
          + String(format: "%.3f ms here, %.3f ms PostgreSQL", own * 1000, server * 1000))
    }
    for (batch, workers) in [(1, 1), (100, 1), (100, 2)] where cases.contains("chains") {
      let (rate, own, server) = try await postgres.withDatabase { url in
        try await chainReplans(url, batch: batch, workers: workers, postmaster: postmaster)
      }
      print(
        "  users replanned/s by workers (a movement reminder shown, its chain moved on; \(batch) per "
          + "transaction, \(workers) at once): \(Int(rate)); target ≥ 3 000; CPU per user: "
          + String(format: "%.3f ms here, %.3f ms PostgreSQL", own * 1000, server * 1000))
    }
    for stored in [10, 1_000, 10_000] where cases.contains("tasks") {
      let timings = try await postgres.withDatabase { url in try await taskCreations(url, stored: stored) }
      print(
        "  task created with \(stored) stored: p50 \(Self.milliseconds(timings.created, 0.5)), p99 "
          + "\(Self.milliseconds(timings.created, 0.99)) one at a time; \(Int(timings.rate))/s for 8 users at once"
      )
      print(
        "  task created without an id with \(stored) stored: p50 \(Self.milliseconds(timings.named, 0.5)), p99 "
          + "\(Self.milliseconds(timings.named, 0.99)) one at a time")
      print(
        "  task completed with \(stored) stored: p50 \(Self.milliseconds(timings.completed, 0.5)), p99 "
          + "\(Self.milliseconds(timings.completed, 0.99)) one at a time")
      print(
        "  task removed with \(stored) stored: p50 \(Self.milliseconds(timings.removed, 0.5)), p99 "
          + "\(Self.milliseconds(timings.removed, 0.99)) one at a time")
      print(
        "  focus block added with \(stored) tasks stored: p50 \(Self.milliseconds(timings.blocks, 0.5)), p99 "
          + "\(Self.milliseconds(timings.blocks, 0.99)) one at a time")
      let (rounds, rows) = try await postgres.withDatabase { url in
        try await deliveriesAfterChanges(url, stored: stored)
      }
      print(
        "  a worker's round after a task added, with \(stored) stored: p50 \(Self.milliseconds(rounds, 0.5)), p99 "
          + "\(Self.milliseconds(rounds, 0.99)) (\(rows) rows in \(rounds.count) rounds)")
    }
  }

  /// Every user's data replaced, `concurrency` at once (through `replaceData`, which writes those
  /// that come while one is written together).
  /// Returns the rate and the CPU seconds per user of this process (planning, encoding) and of
  /// the server.
  private func replans(_ url: PostgresURL, concurrency: Int, postmaster: Int32) async throws
    -> (Double, Double, Double)
  {
    try await PostgresStore.withStore(url, logger: logger) { store in
      for index in 0..<users {
        _ = try await store.addUser(
          name: "user-\(index)", timeZone: BenchmarkFixtures.zone("Europe/Berlin"), language: .de,
          webhook: nil, at: Date())
      }
      let state = WorkerBenchmark.richState(now: Date())
      let clock = ContinuousClock()
      let start = clock.now
      let cpu = (ProcessCPU.stat(getpid())?.own ?? 0, ProcessCPU.serverSeconds(postmaster: postmaster))
      try await withThrowingTaskGroup(of: Void.self) { group in
        for lane in 0..<concurrency {
          group.addTask {
            for index in stride(from: lane, to: users, by: concurrency) {
              try await store.replaceData(ofUser: "user-\(index)", with: state, now: Date())
            }
          }
        }
        try await group.waitForAll()
      }
      return Self.perUser(users, since: start, cpu: cpu, postmaster: postmaster)
    }
  }

  /// The rate of `count` users done since `start`, and the CPU seconds per user this process and
  /// the server spent since they had spent `cpu`.
  private static func perUser(
    _ count: Int, since start: ContinuousClock.Instant, cpu: (own: Double, server: Double), postmaster: Int32
  ) -> (Double, Double, Double) {
    let users = Double(count)
    return (
      users / start.duration(to: ContinuousClock().now).inSeconds,
      ((ProcessCPU.stat(getpid())?.own ?? 0) - cpu.own) / users,
      (ProcessCPU.serverSeconds(postmaster: postmaster) - cpu.server) / users
    )
  }

  /// What a worker records when movement reminders are shown: each of the users' next movement
  /// reminder (claimed as a worker claims it), recorded as delivered with what showing it changes
  /// in the movement log, `batch` at a time (`PostgresStore.finishAll`, as a worker's recorder
  /// gives them) by each of `workers` at once: each user's log written and their chain replanned
  /// from the reminder's instant.
  /// Returns the rate and the CPU seconds per user of this process (planning, encoding) and of
  /// the server.
  private func chainReplans(_ url: PostgresURL, batch: Int, workers: Int, postmaster: Int32) async throws
    -> (Double, Double, Double)
  {
    try await PostgresStore.withStore(url, logger: logger) { store in
      let now = Date()
      let state = WorkerBenchmark.richState(now: now)
      for index in 0..<users {
        _ = try await store.addUser(
          name: "user-\(index)", timeZone: state.timeZone, language: .de, webhook: nil, at: now)
        try await store.replaceData(ofUser: "user-\(index)", with: state, now: now)
      }
      // As autovacuum would have by now on a server that has run a while: the planner's
      // statistics (the tables just filled have none).
      try await BenchmarkPostgres.admin(url, "ANALYZE", logger: logger)
      var rows: [ClaimedDelivery] = []
      var seen = Set<Int64>()
      let claimed = try await store.claim(now: now, limit: users * 1_000, lease: 3_600, ahead: 7 * 86_400)
      for row in claimed where row.kind?.isRolling == true && seen.insert(row.user).inserted {
        rows.append(row)
      }
      guard rows.count == users else {
        throw BenchmarkFailure("\(rows.count) of \(users) users have a movement reminder in the next week")
      }
      let items = rows.map { row in
        let context = PlanningContext(state: state, now: row.fireDate, limits: .unlimited)
        let effects = row.reminder(in: context).map { Planner.due($0, in: context).effects } ?? []
        return (row, DeliveryOutcome.delivered(at: row.fireDate, late: false, effects: effects, record: "{}"))
      }
      let clock = ContinuousClock()
      let start = clock.now
      let cpu = (ProcessCPU.stat(getpid())?.own ?? 0, ProcessCPU.serverSeconds(postmaster: postmaster))
      // Each worker its own users' rows, as claims give them (a user's rows go to one worker).
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<workers {
          group.addTask {
            let own = stride(from: worker, to: items.count, by: workers).map { items[$0] }
            for first in stride(from: 0, to: own.count, by: batch) {
              try await store.finishAll(Array(own[first..<min(first + batch, own.count)]))
            }
          }
        }
        try await group.waitForAll()
      }
      return Self.perUser(items.count, since: start, cpu: cpu, postmaster: postmaster)
    }
  }

  /// The timings of `taskCreations`, each sorted, in seconds; and the rate of the adds at once.
  private struct TaskTimings {
    var created: [Double]
    var rate: Double
    /// Tasks added without an id (Herald makes one up after the largest numbered one).
    var named: [Double]
    var completed: [Double]
    var blocks: [Double]
    var removed: [Double]
  }

  /// Eight users with `stored` tasks each, numbered as Herald numbers them (`t1`, `t2`, …), due
  /// over the next weeks (and the rich day's blocks and movement): 200 tasks created for one of
  /// them one at a time, each timed; then 400 more, each user's by a client of its own, the eight
  /// at once (one user's changes take turns on their row's lock, so one user's alone would
  /// measure only that); then 200 without an id, one at a time; then 200 of the first user's new
  /// tasks completed, 100 focus blocks added and 50 tasks removed, one at a time, each timed.
  private func taskCreations(_ url: PostgresURL, stored: Int) async throws -> TaskTimings {
    try await PostgresStore.withStore(url, logger: logger) { store in
      let now = Date()
      let state = Self.richState(now: now, stored: stored)
      var users: [PostgresUserData] = []
      for index in 0..<8 {
        _ = try await store.addUser(
          name: "busy-\(index)", timeZone: BenchmarkFixtures.zone("Europe/Berlin"), language: .de,
          webhook: nil, at: now)
        try await store.replaceData(ofUser: "busy-\(index)", with: state, now: now)
        users.append(store.data(ofUser: try await store.user(named: "busy-\(index)").id, now: { Date() }))
      }
      let clock = ContinuousClock()
      var latencies: [Double] = []
      for index in 0..<200 {
        let start = clock.now
        try await users[0].addTask(
          id: "n\(index)", title: "New \(index)", due: now.addingTimeInterval(Double(7_200 + index * 61)),
          completed: false)
        latencies.append(start.duration(to: clock.now).inSeconds)
      }
      let start = clock.now
      try await withThrowingTaskGroup(of: Void.self) { group in
        for data in users {
          group.addTask {
            for index in 0..<50 {
              try await data.addTask(
                id: "c\(index)", title: "Concurrent \(index)",
                due: now.addingTimeInterval(Double(9_000 + index)),
                completed: false)
            }
          }
        }
        try await group.waitForAll()
      }
      let rate = 400 / start.duration(to: clock.now).inSeconds
      var named: [Double] = []
      for index in 0..<200 {
        let start = clock.now
        try await users[0].addTask(
          id: nil, title: "Named \(index)", due: now.addingTimeInterval(Double(8_000 + index * 59)),
          completed: false)
        named.append(start.duration(to: clock.now).inSeconds)
      }
      // Then 200 of the first user's tasks completed, one at a time, each timed.
      var completions: [Double] = []
      for index in 0..<200 {
        let start = clock.now
        try await users[0].completeTask(id: "n\(index)")
        completions.append(start.duration(to: clock.now).inSeconds)
      }
      // Then 100 focus blocks added to the first user, one at a time, each linking a task.
      var blocks: [Double] = []
      for index in 0..<100 {
        let start = clock.now
        let begins = now.addingTimeInterval(86_400 + Double(index) * 7_200)
        try await users[0].addFocusBlock(
          id: "added-\(index)", title: "Added \(index)", start: begins, end: begins.addingTimeInterval(3_600),
          taskIDs: ["n\(index)"])
        blocks.append(start.duration(to: clock.now).inSeconds)
      }
      // Then the first user's first 50 tasks removed, one at a time: every later one moves up.
      var removed: [Double] = []
      for index in 0..<50 {
        let start = clock.now
        try await users[0].removeTask(id: index < stored ? "t\(index + 1)" : "n\(index - stored)")
        removed.append(start.duration(to: clock.now).inSeconds)
      }
      return TaskTimings(
        created: latencies.sorted(), rate: rate, named: named.sorted(), completed: completions.sorted(),
        blocks: blocks.sorted(), removed: removed.sorted())
    }
  }

  /// The rich day's blocks and movement with `stored` tasks, numbered as Herald numbers them
  /// (`t1`, `t2`, …), due 97 s apart from an hour after `now`.
  static func richState(now: Date, stored: Int) -> PlanningState {
    var state = WorkerBenchmark.richState(now: now)
    state.tasks = (0..<stored).map { index in
      TodoItem(
        id: "t\(index + 1)", title: "Stored \(index)", due: now.addingTimeInterval(Double(3_600 + index * 97))
      )
    }
    return state
  }

  static func milliseconds(_ sorted: [Double], _ fraction: Double) -> String {
    guard !sorted.isEmpty else { return "-" }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
    return String(format: "%.2f ms", sorted[max(0, index)] * 1000)
  }
}
