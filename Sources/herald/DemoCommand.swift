import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import Logging
import ServiceLifecycle

/// `herald demo`: a sample day in a temporary database, played by the real daemon on a clock that
/// runs a minute per second, with the live countdown; ends by itself after about two minutes.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Watch a sample day of reminders fire, a minute per second (about two minutes).")

  @Option(help: "Demo minutes per real second.")
  var speed: Double = 60

  @Option(help: "de or en.")
  var locale: String = "de"

  @Flag(help: "Do not show desktop notifications, only the terminal.")
  var noDesktop = false

  func run() async throws {
    guard speed.isFinite, speed >= 1, speed <= 3600 else {
      throw FieldError("--speed", "expected 1–3600 demo seconds per second, got \(speed)")
    }
    let language = try Language(parsing: locale, field: "--locale")
    let zones = SystemTimeZoneSource()
    let zone = try zones.current()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "herald-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: directory.appendingPathComponent("herald.sqlite").path)
    let start = DemoDay.start(on: try SystemClockText.now(), zone: zone)
    try store.replaceAll(with: DemoDay.state(start: start, zone: zone, language: language))
    try store.setLanguage(language)

    let clock = ScaledClock(start: start, factor: speed)
    let logger = HeraldLogging.logger(verbose: false).quiet()
    let console = Console()
    var sinkNames = ["terminal"]
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: FixedTimeZoneSource(zone),
      sinks: [TerminalSink(zones: FixedTimeZoneSource(zone), write: console.write)], logger: logger)
    if !noDesktop,
      let desktop = try? DesktopSink(
        store: store, logger: logger,
        onAction: { [weak daemon] action, slot in await daemon?.perform(action, inSlot: slot) })
    {
      await daemon.addSink(desktop)
      await daemon.setLiveActivity(desktop.liveActivity)
      sinkNames.append("desktop")
    }
    console.write(
      "Herald demo: a sample day from 08:50 to 10:40 (\(zone.identifier)), \(Int(speed)) × real time; "
        + "showing on: \(sinkNames.joined(separator: ", ")).\n")
    try await DemoPlayer(store: store, clock: clock, daemon: daemon, console: console, zone: zone).play()
  }
}
