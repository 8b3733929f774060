import ArgumentParser
import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldSystem
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
      JSON line per notification; logs go to stderr) and webhook (POST of the same JSON as a \
      Standard Webhook to --webhook-url, signed with --webhook-secret) and push (Web Push to every \
      device subscribed on herald serve's settings page, signed for --push-contact, its links under \
      --public-url; endpoints beyond the browser vendors' need --push-service). A reminder whose time \
      passed while the daemon was not running is shown once, marked late, within --grace-hours; \
      older ones are recorded as missed.

      With --location, the walk under way (herald route start) is watched: gpsd (127.0.0.1:2947, or \
      gpsd:HOST:PORT), gpx:FILE (a recorded track, replayed on its timestamps --replay-speed times \
      as fast) or stdin (one JSON fix per line: {"latitude":…,"longitude":…,"time":"…","accuracy":…}). \
      Each point of interest within 25 m of a fix is notified once, then the route's completion.

      With --server URL and --token (or $HERALD_TOKEN), it plans nothing itself: it shows the \
      deliveries of that token's user on a Herald server for many users as they are made, resuming \
      after the last one shown when the connection or the daemon was down.
      """)

  @OptionGroup var store: StoreOptions

  @OptionGroup var follow: ServerFollowOptions

  @Option(name: .customLong("sink"), help: "desktop, stdout, webhook or push; repeat for several.")
  var sinks: [SinkKind] = [.desktop]

  @Option(help: "Where the webhook sink POSTs.")
  var webhookURL: String?

  @Option(
    help: "whsec_…: the webhook sink signs each POST with it (Standard Webhooks), as herald worker does.")
  var webhookSecret: String?

  @OptionGroup(title: "Push (--sink push)") var push: PushSendOptions

  @Option(help: "Hours after its time within which a missed reminder is still shown, late.")
  var graceHours: Double = 12

  @Option(help: "Where location fixes come from: gpsd, gpsd:HOST:PORT, gpx:FILE or stdin.")
  var location: String?

  @Option(help: "With gpx:FILE, how many times as fast as recorded to replay it.")
  var replaySpeed: Double = 1

  @Option(help: "Metres of horizontal accuracy beyond which a location fix is ignored.")
  var maxAccuracy: Double = LocationFixFilter.defaultMaximumAccuracy

  @Option(help: "Seconds between two reads of the followed calendars (herald calendar add).")
  var calendarSync: Double = 60

  @Flag(help: "Log more, titles included.")
  var verbose = false

  @OptionGroup var clockOptions: ClockOptions

  func run() async throws {
    guard graceHours.isFinite, graceHours >= 0 else {
      throw FieldError("--grace-hours", "expected a number of hours ≥ 0, got \(graceHours)")
    }
    guard replaySpeed.isFinite, replaySpeed > 0 else {
      throw FieldError("--replay-speed", "expected a positive number, got \(replaySpeed)")
    }
    guard maxAccuracy.isFinite, maxAccuracy > 0 else {
      throw FieldError("--max-accuracy", "expected metres > 0, got \(maxAccuracy)")
    }
    guard calendarSync.isFinite, calendarSync >= 1 else {
      throw FieldError("--calendar-sync", "expected a number of seconds ≥ 1, got \(calendarSync)")
    }
    let locationOption = try location.map { (text) throws(FieldError) in try LocationOption(parsing: text) }
    let choices = try sinks.map { (kind) throws(FieldError) in
      try kind.choice(webhookURL: webhookURL, webhookSecret: webhookSecret, push: push)
    }
    if choices.contains(.desktop) { try Self.requireDesktop() }
    let logger = HeraldLogging.logger(verbose: verbose)
    if let target = try follow.target() {
      guard locationOption == nil else {
        throw FieldError("--location", "a walk is followed with the local data, not with --server")
      }
      return try await followServer(target, choices: choices, logger: logger)
    }
    // Read before anything starts: a bad track file is an error, not a daemon without fixes.
    let source = try locationOption?.source(replaySpeed: replaySpeed, logger: logger)
    let database = try store.open()
    var configuration = DaemonConfiguration()
    configuration.delivery.graceWindow = graceHours * 3600
    configuration.maximumAccuracy = maxAccuracy
    let clock = try clockOptions.clock()
    let zones = try clockOptions.zones()
    let daemon = try await DaemonAssembly.make(
      store: database, sinks: choices, clock: clock, zones: zones, configuration: configuration,
      logger: logger)
    // Always there: a calendar added while the daemon runs is followed from its next pass.
    var services: [any Service] = [
      DaemonService(daemon: daemon),
      CalendarFollower(
        store: database, clock: clock, zones: zones, interval: calendarSync, logger: logger
      ) { try await daemon.calendarsRead() },
    ]
    if let source { services.append(LocationFeed(source: source, daemon: daemon, logger: logger)) }
    let group = ServiceGroup(
      services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
  }

  /// A machine without a desktop (a server, a container, an SSH session) still runs the daemon:
  /// the error says how.
  private static func requireDesktop() throws(EnvironmentError) {
    do {
      try DesktopSink.requireAvailable()
    } catch {
      throw EnvironmentError(
        tried: "herald run", problem: "no desktop to show notifications on: \(error.problem)",
        remedy: (error.remedy.map { "\($0), or " } ?? "")
          + "run it with --sink stdout to print reminders in the terminal instead")
    }
  }

  /// Shows the deliveries of a user of a server for many users through the chosen sinks; the
  /// local store keeps where the stream was left and what the desktop shows.
  private func followServer(_ target: (server: URL, token: String), choices: [SinkChoice], logger: Logger)
    async throws
  {
    let database = try store.open()
    // The server's deliveries carry no buttons: they are answered on the server (its pages, its API).
    let sinks = try DaemonAssembly.sinks(choices, store: database, logger: logger) { _, _ in }
    var policy = DeliveryPolicy()
    policy.graceWindow = graceHours * 3600
    let feed = ServerDeliveryFeed(
      server: target.server, token: target.token, store: database, sinks: sinks,
      clock: try clockOptions.clock(),
      policy: policy, logger: logger)
    let group = ServiceGroup(services: [feed], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
  }
}
