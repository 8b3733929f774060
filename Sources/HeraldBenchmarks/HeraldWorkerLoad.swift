import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport
import Logging

/// Herald's side of the many-user benchmarks (`workers`, `compare`): users whose reminders fall
/// due together, stored through `PostgresStore` as `herald serve` stores them, and release
/// `herald worker` processes that deliver them.
struct HeraldWorkerLoad {
  var users = 1_000
  let logger: Logger

  /// Adds the users, each with `perUser` focus blocks whose reminders fall due from
  /// `startingIn` seconds from now, in `spread` consecutive seconds; returns the first fire instant.
  /// With `rate`, the reminders instead fall due one after another, `rate` a second, the users'
  /// in turn (`spread` is then not used).
  func populate(
    _ url: PostgresURL, perUser: Int, startingIn: Double, spread: Int, webhook: URL, rate: Int? = nil
  ) async throws -> Date {
    try await populate(url, perUser: perUser, startingIn: startingIn, spread: spread, rate: rate) { _ in
      webhook
    }
  }

  /// `populate`, each user's webhook chosen by their index (nil: none).
  func populate(
    _ url: PostgresURL, perUser: Int, startingIn: Double, spread: Int, rate: Int? = nil,
    webhook: @escaping @Sendable (Int) -> URL?
  ) async throws -> Date {
    let first = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + startingIn).rounded(.up))
    try await PostgresStore.withStore(url, logger: logger) { store in
      for index in 0..<users {
        let name = "user-\(index)"
        _ = try await store.addUser(
          name: name, timeZone: .utc, language: .de, webhook: webhook(index), at: Date())
        let blocks = (0..<perUser).map { block in
          let fire = first.addingTimeInterval(
            rate.map { Double(block * users + index) / Double($0) } ?? Double(block % spread))
          return FocusBlock(
            id: "b\(block)", title: "Block \(block)", start: fire.addingTimeInterval(300),
            end: fire.addingTimeInterval(3600))
        }
        try await store.replaceData(
          ofUser: name, with: PlanningState(timeZone: .utc, focusBlocks: blocks), now: Date())
      }
    }
    // As autovacuum would have by now on a server that has run a while: the planner's
    // statistics. Without them PostgreSQL guessed the queue a few rows long and read all of it
    // for each completion (a scan, or the index of pending rows), in the runs where autovacuum had
    // not come by yet: 0.040–0.048 ms of its CPU a delivery against 0.023–0.031.
    try await BenchmarkPostgres.admin(url, "ANALYZE", logger: logger)
    guard Date() < first else { throw BenchmarkFailure("setting up took longer than \(startingIn) s") }
    return first
  }

  /// The threads each of `count` workers runs on (`--threads`): the machine's cores shared among
  /// them, so two workers on two cores run on one thread each, as docs/many-users.md advises.
  static func threads(forWorkers count: Int) -> Int {
    max(1, ProcessInfo.processInfo.activeProcessorCount / count)
  }

  /// Starts `count` workers, each on `threads(forWorkers: count)` threads, with `options` besides.
  func launchWorkers(_ url: PostgresURL, count: Int, options: [String] = []) throws -> [Process] {
    let herald = HeraldProcess.productsDirectory.appendingPathComponent("herald")
    guard FileManager.default.isExecutableFile(atPath: herald.path) else {
      throw BenchmarkFailure("no \(herald.path): swift build -c release --product herald")
    }
    // `HERALD_BENCH_CONCURRENCY` tries another number of users delivered at once per worker
    // (else the worker's own default).
    let concurrency = ProcessInfo.processInfo.environment["HERALD_BENCH_CONCURRENCY"].map {
      ["--concurrency", $0]
    }
    let threads = Self.threads(forWorkers: count)
    return try (0..<count).map { _ in
      let process = Process()
      process.executableURL = herald
      process.arguments =
        [
          "worker", "--postgres", url.description, "--threads", String(threads),
        ] + (concurrency ?? []) + options
        // `HERALD_BENCH_WORKER_OPTIONS="--metrics-port 9464"` adds options of one's own.
        + (ProcessInfo.processInfo.environment["HERALD_BENCH_WORKER_OPTIONS"] ?? "").split(separator: " ")
        .map(String.init)
      process.standardOutput = FileHandle.nullDevice
      // `HERALD_BENCH_WORKER_LOG=FILE` keeps what the workers log (appended), to see why a figure is what it is.
      if let path = ProcessInfo.processInfo.environment["HERALD_BENCH_WORKER_LOG"],
        FileManager.default.createFile(atPath: path, contents: nil)
          || FileManager.default.fileExists(atPath: path),
        let log = FileHandle(forWritingAtPath: path)
      {
        log.seekToEndOfFile()
        process.standardError = log
      } else {
        process.standardError = FileHandle.nullDevice
      }
      try process.start()
      return process
    }
  }

  static func sleep(until instant: Date) async throws {
    let seconds = instant.timeIntervalSinceNow
    if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
  }
}
