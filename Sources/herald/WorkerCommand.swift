import ArgumentParser
import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPush
import HeraldRuntime
import HeraldWebhooks
import HeraldWorker
import Logging
import ServiceLifecycle

/// `herald worker`: delivers every user's reminders at their time (`contracts/server.md`).
struct WorkerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Deliver every user's reminders at their time, from PostgreSQL.",
    discussion: """
      Webhooks that fail are tried again with back-off (up to 5 minutes apart) until the reminder's \
      grace window (12 h) ends, and only then recorded as failed; `herald deliveries` lists and retries them. \
      Any number of workers may run against one database, on one machine or many: each claims due \
      deliveries for 25 s (--lease), so a worker killed at any moment loses nothing (its claims are taken over). \
      Idle, a worker sleeps until the earliest delivery and is woken by a NOTIFY when an earlier one is \
      queued. Ends gracefully on SIGTERM or SIGINT.
      """)

  @OptionGroup var database: PostgresOptions
  @OptionGroup var metrics: MetricsOptions
  @OptionGroup(title: "Push (on when --push-contact is given: each user's subscribed devices)")
  var push: PushSendOptions
  @Option(help: "Deliveries carried out at once, of different users (a user's own go one by one).")
  var concurrency = 1_024
  @Option(
    help: """
      Requests under way to one receiver at most. Below this, each receiver is given as many as it \
      takes in time, found as it answers (more while it answers promptly, fewer on 429, 503 or timeouts).
      """)
  var maxInFlightPerReceiver = 1_024
  @Option(help: "Seconds a claim holds: a dead worker's deliveries are taken over after this.")
  var lease = 25.0
  @Option(
    help: """
      Threads the worker runs on (default: the machine's cores). Running one worker per core? \
      Give each --threads 1: a delivery then never passes between threads.
      """)
  var threads: Int?
  @Option(help: ArgumentHelp("Seconds between two looks at the tz database's rules.", visibility: .hidden))
  var zoneCheckInterval = 60.0
  @Flag(help: "Log every delivery.") var verbose = false

  func run() async throws {
    guard (1...10_000).contains(concurrency) else {
      throw FieldError("--concurrency", "expected 1 to 10000, got \(concurrency)")
    }
    guard (1...10_000).contains(maxInFlightPerReceiver) else {
      throw FieldError("--max-in-flight-per-receiver", "expected 1 to 10000, got \(maxInFlightPerReceiver)")
    }
    guard lease >= 1, lease <= 3600 else {
      throw FieldError("--lease", "expected 1 to 3600 seconds, got \(lease)")
    }
    if let threads, !(1...256).contains(threads) {
      throw FieldError("--threads", "expected 1 to 256, got \(threads)")
    }
    guard zoneCheckInterval >= 0.05, zoneCheckInterval <= 86_400 else {
      throw FieldError("--zone-check-interval", "expected 0.05 to 86400 seconds, got \(zoneCheckInterval)")
    }
    let pushSettings = try push.settingsIfAsked()
    DeliveryWorker.runTasksOnEventLoops(threads: threads)
    let logger = HeraldLogging.logger(verbose: verbose)
    // Before the worker: its metrics are made with it.
    let metricsServer = try metrics.service(logger: logger)
    let configuration = {
      var configuration = WorkerConfiguration(
        concurrency: concurrency, lease: lease, maxInFlightPerReceiver: maxInFlightPerReceiver)
      configuration.zoneCheckInterval = zoneCheckInterval
      return configuration
    }()
    let poster = HTTPWebhookPoster(connectionsPerReceiver: configuration.maxInFlightPerReceiver)
    do {
      try await database.withStore(logger: logger) { store in
        // The deployment's key and link secret, made by the first process that needs them.
        var pushing: WorkerPushing?
        if let pushSettings {
          let (key, secret) = try await PushDispatch.secrets(of: store)
          pushing = WorkerPushing(settings: pushSettings, key: key, secret: secret)
        }
        let worker = DeliveryWorker(
          store: store, clock: EventLoopClock(), poster: poster, configuration: configuration,
          pushing: pushing,
          logger: logger)
        // A graceful stop finishes the deliveries in flight (each within its timeout); past that,
        // or waiting on a database that is away, the worker is cancelled and ends regardless.
        var group = ServiceGroupConfiguration(
          services: ([metricsServer].compactMap { $0 } + [WorkerService(worker: worker)]).map {
            .init(service: $0)
          },
          logger: logger)
        group.gracefulShutdownSignals = [.sigterm, .sigint]
        group.maximumGracefulShutdownDuration = .seconds(configuration.requestTimeout + 5)
        group.maximumCancellationDuration = .seconds(3)
        try await ServiceGroup(configuration: group).run()
      }
    } catch {
      await poster.shutdown()
      throw error
    }
    await poster.shutdown()
  }
}
