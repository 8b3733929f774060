import ArgumentParser
import Foundation
import HeraldCore
import HeraldInterchange

/// `herald plan`: the plan for a scenario at an instant (`contracts/plan.md`).
struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan", abstract: "Print every notification that should be pending for a scenario.")

  @Option(help: "The scenario document (JSON).")
  var scenario: String

  @Option(
    help: "The instant to plan at: RFC 3339 with offset (2026-03-28T20:00:00+01:00), now, or +2h, +30m."
  )
  var now: String

  @Option(help: "ios (64 pending, 25 due-date tasks) or unlimited.")
  var limits: LimitsOption = .ios

  @Option(
    name: .customLong("calendar"),
    help: "An iCalendar file (RFC 5545) whose events are focus blocks and whose to-dos are tasks; repeatable."
  )
  var calendars: [String] = []

  @Option(help: "How many days after --now calendar events and to-dos count (1–366).")
  var horizonDays: Int = 14

  func run() throws {
    let instant = try Self.instant(now)
    guard (1...366).contains(horizonDays) else {
      throw FieldError("--horizon-days", "expected a number of days in 1…366, got \(horizonDays)")
    }
    var state = try ScenarioDocument.decode(
      InputFile.contents(of: scenario, limit: ScenarioDocument.largestFile))
    if !calendars.isEmpty {
      // Streamed: a 50 MB export is merged without holding it, or its components, in memory.
      state = try CalendarImport.merge(
        reading: calendars.map { .file(path: $0) }, into: state, now: instant, horizonDays: horizonDays)
    }
    let plan = Planner.plan(state, now: instant, limits: limits.value)
    try StandardOutput.write(PlanDocument.encode(plan, timeZone: state.timeZone))
  }

  /// An exact instant: a wall-clock reading would be ambiguous between the system's zone and the
  /// scenario's, so only `now` and `+2h` are read besides RFC 3339.
  private static func instant(_ text: String) throws -> Date {
    if RFC3339.parse(text) == nil,
      case .instant(let instant) = RelativeInstant.reading(
        text, now: try SystemClockText.now(), zone: try SystemClockText.zone())
    {
      return instant
    }
    return try RFC3339.parse(text, field: "--now")
  }
}
