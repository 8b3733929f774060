import ArgumentParser
import Foundation
import HeraldCore
import HeraldRuntime
import HeraldStore
import Logging
import ServiceLifecycle

/// `herald run`: the daemon that delivers every reminder on time.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Deliver every reminder at its time, until stopped (SIGTERM or SIGINT).",
    discussion: """
      Sinks: desktop (the freedesktop notification service, over a D-Bus connection of Herald's own \
      through libsystemd's sd-bus; with it the running focus block is shown as a notification \
      updated in place, unless the setting liveActivityNotificationEnabled is false), stdout (one \
      JSON line per notification; logs go to stderr) and webhook (POST of the same JSON to \
      --webhook-url). A reminder whose time passed while the daemon was not running is shown once, \
      marked late, within --grace-hours; older ones are recorded as missed.
      """)

  @OptionGroup var store: StoreOptions

  @Option(name: .customLong("sink"), help: "desktop, stdout or webhook; repeat for several.")
  var sinks: [SinkKind] = [.desktop]

  @Option(help: "Where the webhook sink POSTs.")
  var webhookURL: String?

  @Option(help: "Hours after its time within which a missed reminder is still shown, late.")
  var graceHours: Double = 12

  @Flag(help: "Log more, titles included.")
  var verbose = false

  @OptionGroup var clockOptions: ClockOptions

  func run() async throws {
    guard graceHours.isFinite, graceHours >= 0 else {
      throw FieldError("--grace-hours", "expected a number of hours ≥ 0, got \(graceHours)")
    }
    let choices = try sinks.map { (kind) throws(FieldError) in try kind.choice(webhookURL: webhookURL) }
    let logger = HeraldLogging.logger(verbose: verbose)
    let database = try store.open()
    var configuration = DaemonConfiguration()
    configuration.delivery.graceWindow = graceHours * 3600
    let daemon = try await DaemonAssembly.make(
      store: database, sinks: choices, clock: clockOptions.clock(), zones: clockOptions.zones(),
      configuration: configuration, logger: logger)
    let group = ServiceGroup(
      services: [DaemonService(daemon: daemon)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
  }
}
