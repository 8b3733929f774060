import Foundation
import HeraldPostgres
import HeraldPostgresConnections

/// Job `receivers` (issue 49, only when named; `HERALD_POSTGRES_URL`): receivers that slow down,
/// refuse and stay far away, against 2 `herald worker` processes.
///
/// - slowdown: reminders due at a steady 400/s to one receiver 50 ms away, which for 30 s answers
///   after 2 s and with 429 and `Retry-After: 5`, then recovers: the requests it has under way (as
///   it counts them) every second, and whether every reminder arrived once.
/// - a slow neighbour: 300 users' 3 000 reminders due within 3 s at a receiver 10 ms away, alone and
///   then beside 5 000 reminders of 500 other users due at the same time at a receiver 2 s away: how
///   late the fast receiver's reminders are, p50 and p99, both times.
struct ReceiverFaultBenchmark {
  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print("\nreceivers: skipped — set HERALD_POSTGRES_URL")
      return
    }
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: BenchmarkPostgres.quietLogger)
    try await slowdown(postgres)
    try await neighbour(postgres)
  }

  private func slowdown(_ postgres: BenchmarkPostgres) async throws {
    let receiver = try await WebhookSinkServer(port: ServeProcess.freePort())
    defer { receiver.stop() }
    receiver.behave { $0.delay = 0.05 }
    let load = HeraldWorkerLoad(users: 1_000, logger: BenchmarkPostgres.quietLogger)
    let rate = 400
    let perUser = 28
    let total = load.users * perUser
    print(
      "\nA receiver that slows down: \(total) reminders due at \(rate)/s, 50 ms away; 2 s and 429 for 30 s")
    try await postgres.withDatabase { url in
      let first = try await load.populate(
        url, perUser: perUser, startingIn: 40, spread: 1, webhook: receiver.url, rate: rate)
      receiver.reset()
      let workers = try load.launchWorkers(url, count: 2)
      defer { workers.filter(\.isRunning).forEach { $0.terminate() } }
      try await HeraldWorkerLoad.sleep(until: first)
      var samples: [String] = []
      for second in 0..<120 {
        if second == 15 {
          receiver.behave {
            $0.delay = 2
            $0.overloadedUntil = Date().addingTimeInterval(30)
            $0.retryAfter = 5
          }
        }
        if second == 45 { receiver.behave { $0.delay = 0.05 } }
        samples.append(
          String(
            format: "%3d s: %4d under way, %6d arrived, %5d refused", second, receiver.openCount,
            receiver.count, receiver.refusedCount))
        if second % 5 == 0 { print("  " + samples[samples.count - 1]) }
        if receiver.count >= total, second > 50 { break }
        try await Task.sleep(for: .seconds(1))
      }
      _ = try await receiver.wait(for: total, within: 120)
      print(
        "  all arrived: \(receiver.count) of \(total); sent twice: \(receiver.duplicates); answered 429: "
          + "\(receiver.refusedCount)")
    }
  }

  private func neighbour(_ postgres: BenchmarkPostgres) async throws {
    let fast = try await WebhookSinkServer(port: ServeProcess.freePort())
    let slow = try await WebhookSinkServer(port: ServeProcess.freePort())
    defer {
      fast.stop()
      slow.stop()
    }
    fast.behave { $0.delay = 0.01 }
    slow.behave { $0.delay = 2 }
    print(
      "\nA slow neighbour: 3 000 reminders within 3 s to a receiver 10 ms away, alone and beside 5 000 to one 2 s away"
    )
    for withNeighbour in [false, true] {
      let fastUsers = 300
      let load = HeraldWorkerLoad(
        users: withNeighbour ? 800 : fastUsers, logger: BenchmarkPostgres.quietLogger)
      try await postgres.withDatabase { url in
        // The fast receiver's users are the first 300, the slow one's the rest: 10 reminders each,
        // all due within the same 3 s.
        let first = try await load.populate(
          url, perUser: 10, startingIn: 90, spread: 3, rate: nil
        ) { index in index < fastUsers ? fast.url : slow.url }
        fast.reset()
        slow.reset()
        let workers = try load.launchWorkers(url, count: 2)
        defer { workers.filter(\.isRunning).forEach { $0.terminate() } }
        try await HeraldWorkerLoad.sleep(until: first)
        _ = try await fast.wait(for: fastUsers * 10, within: 120)
        let lateness = fast.lateness
        print(
          String(
            format: "  %@: the fast receiver's %d reminders late by p50 %.0f ms, p99 %.0f ms (max %.0f ms)",
            withNeighbour ? "beside the slow one" : "alone", lateness.count,
            DistanceBenchmark.percentile(lateness, 0.5) * 1000,
            DistanceBenchmark.percentile(lateness, 0.99) * 1000,
            (lateness.last ?? .nan) * 1000))
      }
    }
  }
}
