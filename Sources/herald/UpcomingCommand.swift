import ArgumentParser
import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald upcoming`: what the daemon will deliver next, as it plans it.
struct UpcomingCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "upcoming",
    abstract: "List the reminders that will fire next, in local time.",
    discussion: "The daemon's plan now: unlimited, in the system's time zone.")

  @OptionGroup var store: StoreOptions
  @Option(help: "How many to list.") var count = 10

  func run() throws {
    guard count >= 1 else { throw FieldError("--count", "expected a positive number, got \(count)") }
    // The same call the daemon makes, so the list shows exactly what it will deliver.
    let now = try SystemClockText.now()
    let planning = try CalendarPlanning.planningState(
      store: store.open(.readOnly), timeZone: try SystemTimeZoneSource().current(), now: now)
    let plan = Planner.plan(planning.state, now: now, limits: .unlimited)
    // What is left out of the plan is said, never silently missing from it.
    for problem in planning.problems {
      FileHandle.standardError.write(
        Data(
          "warning: calendar \(problem.calendarID) left out: \(DisplayText.printable(problem.message, singleLine: true))\n"
            .utf8))
    }
    StoredProblemWarnings.write(planning.state.problems)
    for planned in plan.pending.prefix(count) {
      // A followed calendar's block or task is marked with the calendar's name.
      let info = planned.content.userInfo
      let calendar = (info["blockID"] ?? info["taskID"]).flatMap { planning.calendars[$0] }
      try StandardOutput.writeRow(
        "\(SystemClockText.text(planned.fireDate))  \(planned.identifier)  "
          + "\(planned.content.title) — \(planned.content.body)" + (calendar.map { "  [\($0)]" } ?? ""))
    }
  }
}
