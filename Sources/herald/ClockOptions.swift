import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime

/// Runs the daemon on a clock other than the machine's: the demo and the integration tests use a
/// fast one, so that a day of reminders plays in minutes on the real timer machinery.
struct ClockOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Start the clock at this instant (RFC 3339).", visibility: .hidden))
  var clockStart: String?

  @Option(help: ArgumentHelp("Run the clock this many times as fast as real time.", visibility: .hidden))
  var clockSpeed: Double = 1

  @Option(help: ArgumentHelp("The real instant at which the clock read --clock-start.", visibility: .hidden))
  var clockAnchor: String?

  @Option(help: ArgumentHelp("Plan in this IANA zone instead of the system's.", visibility: .hidden))
  var timeZone: String?

  func clock() throws -> any HeraldClock {
    guard clockSpeed.isFinite, clockSpeed > 0 else {
      throw FieldError("--clock-speed", "expected a positive number, got \(clockSpeed)")
    }
    guard let clockStart else {
      // $HERALD_NOW (the docs test) stops the clock at that instant: what a server answers
      // about "now" is then the same on every run.
      if ProcessInfo.processInfo.environment["HERALD_NOW"].map({ !$0.isEmpty }) == true {
        return ManualClock(now: try SystemClockText.now())
      }
      return clockSpeed == 1 ? SystemClock() : ScaledClock(start: Date(), factor: clockSpeed)
    }
    let start = try RFC3339.parse(clockStart, field: "--clock-start")
    guard let clockAnchor else { return ScaledClock(start: start, factor: clockSpeed) }
    let anchor = try RFC3339.parse(clockAnchor, field: "--clock-anchor")
    return ScaledClock(start: start, factor: clockSpeed, anchor: anchor)
  }

  func zones() throws -> any TimeZoneSource {
    guard let timeZone else { return SystemTimeZoneSource() }
    return FixedTimeZoneSource(try SystemZones.shared.zone(identifier: timeZone, field: "--time-zone"))
  }
}
