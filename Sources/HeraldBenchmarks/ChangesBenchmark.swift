import Foundation
import HeraldCore
import HeraldPostgres
import Logging

/// What a change of a user's data costs on PostgreSQL (job `changes`, only when named): users
/// replanned per second, each replacing their whole data, one at a time and eight at a time; and
/// a task created and completed through the store the server uses (`PostgresUserData.addTask`,
/// `completeTask`: the task written and its reminders replanned) with 10, 1 000 and 10 000 tasks
/// already stored, so any growth of their cost with the number of tasks shows.
struct ChangesBenchmark {
  let users = 1_000
  let logger = BenchmarkPostgres.quietLogger

  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print("\nchanges: skipped — set HERALD_POSTGRES_URL (.ci/postgres starts a server and prints one)")
      return
    }
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: logger)
    print("\nChanges of a user's data on PostgreSQL (release build, the server on this machine)")
    for concurrency in [1, 8] {
      let rate = try await postgres.withDatabase { url in try await replans(url, concurrency: concurrency) }
      print(
        "  users replanned/s (10 blocks, 10 tasks, a movement schedule each; \(concurrency) at a time): "
          + "\(Int(rate)); target ≥ 3 000")
    }
    for stored in [10, 1_000, 10_000] {
      let (latencies, rate, completions) = try await postgres.withDatabase { url in
        try await taskCreations(url, stored: stored)
      }
      print(
        "  task created with \(stored) stored: p50 \(Self.milliseconds(latencies, 0.5)), p99 "
          + "\(Self.milliseconds(latencies, 0.99)) one at a time; \(Int(rate))/s for 8 users at once")
      print(
        "  task completed with \(stored) stored: p50 \(Self.milliseconds(completions, 0.5)), p99 "
          + "\(Self.milliseconds(completions, 0.99)) one at a time")
    }
  }

  /// Every user's data replaced, each replan in its own transaction, `concurrency` at once.
  private func replans(_ url: PostgresURL, concurrency: Int) async throws -> Double {
    try await PostgresStore.withStore(url, logger: logger) { store in
      for index in 0..<users {
        _ = try await store.addUser(
          name: "user-\(index)", timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt, language: .de,
          webhook: nil, at: Date())
      }
      let state = WorkerBenchmark.richState(now: Date())
      let clock = ContinuousClock()
      let start = clock.now
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
      return Double(users) / start.duration(to: clock.now).inSeconds
    }
  }

  /// Eight users with `stored` tasks each, due over the next weeks (and the rich day's blocks and
  /// movement): 200 tasks created for one of them one at a time, each timed; then 400 more, each
  /// user's by a client of its own, the eight at once (one user's changes take turns on their
  /// row's lock, so one user's alone would measure only that); then 200 of the first user's new
  /// tasks completed one at a time, each timed.
  private func taskCreations(_ url: PostgresURL, stored: Int) async throws -> ([Double], Double, [Double]) {
    try await PostgresStore.withStore(url, logger: logger) { store in
      let now = Date()
      var state = WorkerBenchmark.richState(now: now)
      state.tasks = (0..<stored).map { index in
        TodoItem(
          id: "s\(index)", title: "Stored \(index)", due: now.addingTimeInterval(Double(3_600 + index * 97)))
      }
      var users: [PostgresUserData] = []
      for index in 0..<8 {
        _ = try await store.addUser(
          name: "busy-\(index)", timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt, language: .de,
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
      // Then 200 of the first user's tasks completed, one at a time, each timed.
      var completions: [Double] = []
      for index in 0..<200 {
        let start = clock.now
        try await users[0].completeTask(id: "n\(index)")
        completions.append(start.duration(to: clock.now).inSeconds)
      }
      return (latencies.sorted(), rate, completions.sorted())
    }
  }

  static func milliseconds(_ sorted: [Double], _ fraction: Double) -> String {
    guard !sorted.isEmpty else { return "-" }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
    return String(format: "%.2f ms", sorted[max(0, index)] * 1000)
  }
}
