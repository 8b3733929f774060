import Foundation
import HeraldPostgres
import HeraldPostgresConnections
import Logging

/// Herald's many-user worker beside pgqueuer 1.6, the Python PostgreSQL queue (job `compare`,
/// only when named; issue 17): one run, one PostgreSQL server (`HERALD_POSTGRES_URL`, a fresh
/// database for each case), one webhook receiver on loopback, a backlog of 20 000 due deliveries
/// drained by 1 and then 2 workers of each. pgqueuer is tried at a few settings
/// (`HERALD_PGQUEUER_SETTINGS`) and Herald's targets are set against its best.
struct QueueComparisonBenchmark {
  let load = HeraldWorkerLoad(users: 1_000, logger: BenchmarkPostgres.quietLogger)
  let perUser = 20
  var deliveries: Int { load.users * perUser }

  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print(
        "\ncompare: skipped — set HERALD_POSTGRES_URL (HERALD_POSTGRES_DURABLE=1 .ci/postgres starts one)")
      return
    }
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: load.logger)
    let receiver = try await WebhookSinkServer(port: ServeProcess.freePort())
    defer { receiver.stop() }
    let postmaster = try await postgres.postmaster()
    let settings = try await postgres.durability()
    print("\nHerald against pgqueuer: \(deliveries) due deliveries drained, one receiver, one PostgreSQL")
    print("  PostgreSQL: \(settings)")
    if !settings.contains("fsync=on") {
      print("  (fsync is off: a real server's commits cost more; HERALD_POSTGRES_DURABLE=1 .ci/postgres)")
    }
    let pgqueuer = PgqueuerWorker.locate()
    if pgqueuer == nil {
      print(
        "  pgqueuer: skipped — no .build/pgqueuer-venv; make it with scripts/pgqueuer/make-venv.sh "
          + "(or set HERALD_PGQUEUER_VENV)")
    }

    var results: [QueueMeasurement] = []
    for workers in [1, 2] {
      results.append(try await herald(workers: workers, postgres: postgres, postmaster, receiver))
      for setting in pgqueuer.map({ _ in PgqueuerWorker.Setting.fromEnvironment() }) ?? [] {
        guard let pgqueuer else { break }
        results.append(
          try await self.pgqueuer(
            pgqueuer, setting, workers: workers, postgres: postgres, postmaster, receiver))
      }
    }
    print(QueueComparisonTable.render(results))
  }

  private func herald(
    workers: Int, postgres: BenchmarkPostgres, _ postmaster: Int32, _ receiver: WebhookSinkServer
  ) async throws -> QueueMeasurement {
    try await postgres.withDatabase { url in
      let fire = try await load.populate(
        url, perUser: perUser, startingIn: 20, spread: 1, webhook: receiver.url)
      try await HeraldWorkerLoad.sleep(until: fire.addingTimeInterval(0.5))
      receiver.reset()
      let concurrency = ProcessInfo.processInfo.environment["HERALD_BENCH_CONCURRENCY"] ?? "default"
      let threads = HeraldWorkerLoad.threads(forWorkers: workers)
      return try await QueueMeasurement.measure(
        side: "Herald", workers: workers,
        setting: "concurrency \(concurrency), \(threads) thread\(threads == 1 ? "" : "s")",
        deliveries: deliveries,
        database: url.database, postgres: postgres, postmaster: postmaster, receiver: receiver
      ) {
        try load.launchWorkers(url, count: workers)
      }
    }
  }

  private func pgqueuer(
    _ pgqueuer: PgqueuerWorker, _ setting: PgqueuerWorker.Setting, workers: Int, postgres: BenchmarkPostgres,
    _ postmaster: Int32, _ receiver: WebhookSinkServer
  ) async throws -> QueueMeasurement {
    try await postgres.withDatabase { url in
      try pgqueuer.prepare(url, count: deliveries)
      // The same for both queues: the statistics a server that has run a while has.
      try await BenchmarkPostgres.admin(url, "ANALYZE", logger: BenchmarkPostgres.quietLogger)
      receiver.reset()
      return try await QueueMeasurement.measure(
        side: "pgqueuer", workers: workers, setting: setting.description, deliveries: deliveries,
        database: url.database, postgres: postgres, postmaster: postmaster, receiver: receiver
      ) {
        try (0..<workers).map { _ in try pgqueuer.launch(url, receiver: receiver.url, setting: setting) }
      }
    }
  }
}
