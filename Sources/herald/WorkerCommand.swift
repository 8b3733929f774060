import ArgumentParser
import Foundation
import HeraldCore
import HeraldPostgres
import HeraldRuntime
import Logging
import ServiceLifecycle

/// `herald worker`: delivers every user's reminders at their time (`contracts/server.md`).
struct WorkerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Deliver every user's reminders at their time, from PostgreSQL.",
    discussion: """
      Any number of workers may run against one database, on one machine or many: each claims due \
      deliveries for 25 s (--lease), so a worker killed at any moment loses nothing (its claims are taken over). \
      Idle, a worker sleeps until the earliest delivery and is woken by a NOTIFY when an earlier one is \
      queued. Ends gracefully on SIGTERM or SIGINT.
      """)

  @OptionGroup var database: PostgresOptions
  @Option(help: "Deliveries in flight at once.") var concurrency = 16
  @Option(help: "Seconds a claim holds: a dead worker's deliveries are taken over after this.")
  var lease = 25.0
  @Flag(help: "Log every delivery.") var verbose = false

  func run() async throws {
    guard (1...1000).contains(concurrency) else {
      throw FieldError("--concurrency", "expected 1 to 1000, got \(concurrency)")
    }
    guard lease >= 1, lease <= 3600 else {
      throw FieldError("--lease", "expected 1 to 3600 seconds, got \(lease)")
    }
    let logger = HeraldLogging.logger(verbose: verbose)
    let configuration = WorkerConfiguration(concurrency: concurrency, lease: lease)
    try await database.withStore(logger: logger) { store in
      let worker = DeliveryWorker(
        store: store, clock: SystemClock(), configuration: configuration, logger: logger)
      let group = ServiceGroup(
        services: [WorkerService(worker: worker)], gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger)
      try await group.run()
    }
  }
}
