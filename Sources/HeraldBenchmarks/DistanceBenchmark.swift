import Foundation
import HeraldPostgres
import HeraldPostgresConnections

/// Job `distance` (issue 49, only when named): Herald's worker beside pgqueuer 1.6 with the
/// receiver as far away as a real one — an app's backend or a push service answers after 20–200 ms,
/// not in microseconds on loopback. One PostgreSQL server (`HERALD_POSTGRES_URL`), one receiver
/// shared by every user that answers each request `HERALD_BENCH_DELAYS` ms later (default 0, 10,
/// 50, 200), 5 000 due deliveries of 5 000 users drained by 2 workers of each; then a morning burst:
/// 20 000 users' reminders due at one instant to the receiver 50 ms away.
struct DistanceBenchmark {
  /// `HERALD_BENCH_DELIVERIES` takes more, for a run long enough to profile.
  let deliveries = ProcessInfo.processInfo.environment["HERALD_BENCH_DELIVERIES"].flatMap { Int($0) } ?? 5_000
  let burstUsers = 20_000

  var delays: [Int] {
    (ProcessInfo.processInfo.environment["HERALD_BENCH_DELAYS"] ?? "0,10,50,200").split(separator: ",")
      .compactMap { Int($0) }
  }

  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print(
        "\ndistance: skipped — set HERALD_POSTGRES_URL (HERALD_POSTGRES_DURABLE=1 .ci/postgres starts one)")
      return
    }
    let logger = BenchmarkPostgres.quietLogger
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: logger)
    let receiver = try await WebhookSinkServer(port: ServeProcess.freePort())
    defer { receiver.stop() }
    let postmaster = try await postgres.postmaster()
    let pgqueuer = PgqueuerWorker.locate()
    if pgqueuer == nil {
      print("  pgqueuer: skipped — no .build/pgqueuer-venv (scripts/pgqueuer/make-venv.sh)")
    }
    print("\nAt a distance: \(deliveries) due deliveries of as many users, one receiver, 2 workers each")
    print("  PostgreSQL: \(try await postgres.durability())")
    var lines: [String] = []
    for delay in delays {
      receiver.behave { $0.delay = Double(delay) / 1000 }
      let load = HeraldWorkerLoad(users: deliveries, logger: logger)
      let herald = try await postgres.withDatabase { url in
        let fire = try await load.populate(
          url, perUser: 1, startingIn: max(60, Double(deliveries) / 200), spread: 1, webhook: receiver.url)
        try await HeraldWorkerLoad.sleep(until: fire.addingTimeInterval(0.5))
        receiver.reset()
        return try await QueueMeasurement.measure(
          side: "Herald", workers: 2, setting: "defaults", deliveries: deliveries, database: url.database,
          postgres: postgres, postmaster: postmaster, receiver: receiver
        ) { try load.launchWorkers(url, count: 2) }
      }
      var best: QueueMeasurement?
      for setting in pgqueuer.map({ _ in PgqueuerWorker.Setting.fromEnvironment() }) ?? [] {
        guard let pgqueuer else { break }
        let measured = try await postgres.withDatabase { url in
          try pgqueuer.prepare(url, count: deliveries)
          try await BenchmarkPostgres.admin(url, "ANALYZE", logger: logger)
          receiver.reset()
          return try await QueueMeasurement.measure(
            side: "pgqueuer", workers: 2, setting: setting.description, deliveries: deliveries,
            database: url.database, postgres: postgres, postmaster: postmaster, receiver: receiver
          ) { try (0..<2).map { _ in try pgqueuer.launch(url, receiver: receiver.url, setting: setting) } }
        }
        print(
          String(
            format: "    %4d ms  pgqueuer %-20@ %7.0f/s, machine %3.0f%% busy", delay, setting.description,
            measured.rate, measured.machineBusy * 100))
        if measured.rate > best?.rate ?? 0 { best = measured }
      }
      // What the machine's CPU allows Herald: its cores over the CPU a delivery costs everyone
      // (worker, server, receiver).
      let perDelivery = (herald.workerCPU + herald.serverCPU + herald.receiverCPU) / Double(herald.deliveries)
      let allows = Double(ProcessInfo.processInfo.activeProcessorCount) / max(perDelivery, 1e-9)
      var line = String(
        format: "%4d ms: Herald %7.0f/s (machine %3.0f%% busy; its CPU allows ≈ %.0f/s: %3.0f%%; "
          + "worker %.3f, server %.3f ms a delivery)", delay, herald.rate, herald.machineBusy * 100, allows,
        herald.rate / allows * 100, herald.workerMillisecondsPerDelivery, herald.serverMillisecondsPerDelivery
      )
      if let best {
        line += String(
          format: "; pgqueuer's best %7.0f/s (%@, %3.0f%% busy): Herald %.2f×", best.rate, best.setting,
          best.machineBusy * 100, herald.rate / best.rate)
      }
      print("  " + line)
      lines.append(line)
    }
    print("\nAt a distance, summary:")
    for line in lines { print("  " + line) }
    // `HERALD_BENCH_BURST=0` leaves the burst out (a run that compares one setting).
    guard ProcessInfo.processInfo.environment["HERALD_BENCH_BURST"] != "0" else { return }
    try await burst(postgres: postgres, postmaster: postmaster, receiver: receiver, pgqueuer: pgqueuer)
  }

  /// A morning burst: `burstUsers` users' reminders due at one instant, the receiver 50 ms away:
  /// until the last arrived, and how late the 99th percentile was.
  private func burst(
    postgres: BenchmarkPostgres, postmaster: Int32, receiver: WebhookSinkServer, pgqueuer: PgqueuerWorker?
  ) async throws {
    receiver.behave { $0.delay = 0.05 }
    let logger = BenchmarkPostgres.quietLogger
    let load = HeraldWorkerLoad(users: burstUsers, logger: logger)
    print("\nA morning burst: \(burstUsers) users' reminders due at one instant, the receiver 50 ms away")
    try await postgres.withDatabase { url in
      let fire = try await load.populate(url, perUser: 1, startingIn: 240, spread: 1, webhook: receiver.url)
      receiver.reset()
      let workers = try load.launchWorkers(url, count: 2)
      defer { workers.filter(\.isRunning).forEach { $0.terminate() } }
      try await HeraldWorkerLoad.sleep(until: fire)
      _ = try await receiver.wait(for: burstUsers, within: 300)
      let lateness = receiver.lateness
      print(
        String(
          format:
            "  Herald:   all %d delivered %.2f s after their instant; lateness p50 %.0f ms, p99 %.0f ms",
          receiver.count, lateness.last ?? .nan, Self.percentile(lateness, 0.5) * 1000,
          Self.percentile(lateness, 0.99) * 1000))
    }
    guard let pgqueuer, let setting = PgqueuerWorker.Setting.fromEnvironment().last else { return }
    try await postgres.withDatabase { url in
      try pgqueuer.prepare(url, count: burstUsers)
      try await BenchmarkPostgres.admin(url, "ANALYZE", logger: logger)
      receiver.reset()
      // Its jobs are due when its workers start: lateness counts from then.
      let start = Date()
      let workers = try (0..<2).map { _ in try pgqueuer.launch(url, receiver: receiver.url, setting: setting)
      }
      defer { workers.filter(\.isRunning).forEach { $0.terminate() } }
      _ = try await receiver.wait(for: burstUsers, within: 300)
      guard let span = receiver.span else { return }
      print(
        String(
          format: "  pgqueuer (%@): all %d delivered %.2f s after its workers started",
          setting.description, receiver.count, span.last.timeIntervalSince(start)))
    }
  }

  static func percentile(_ sorted: [Double], _ share: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
  }
}
