import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// `herald movement`: the movement schedule (spec 003).
struct MovementCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "movement", abstract: "Show the movement schedule, pick a template, set a weekday.",
    subcommands: [Show.self, Template.self, Day.self])

  /// `herald movement show`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the movement schedule.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      guard let schedule = try store.open(.readOnly).movementSchedule() else {
        try StandardOutput.writeLine("no movement schedule (pick one: herald movement template officeWorker)")
        return
      }
      try StandardOutput.writeRow(
        "interval \(schedule.intervalMinutes) min, fallback \(schedule.fallbackIntervalMinutes) min, "
          + "active hours \(schedule.activeHoursStart)–\(schedule.activeHoursEnd)")
      for weekday in Weekday.allCases {
        let text = schedule.days[weekday].map(MovementCommand.describe) ?? "off"
        try StandardOutput.writeRow(
          weekday.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + text)
      }
    }
  }

  /// `herald movement template NAME`: replaces the whole schedule.
  struct Template: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replace the schedule with a template: officeWorker, recoveryMode or gentleMovement.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "officeWorker, recoveryMode or gentleMovement.") var name: String

    func run() throws {
      guard let template = ScheduleTemplate(rawValue: name) else {
        let names = ScheduleTemplate.allCases.map(\.rawValue).joined(separator: ", ")
        throw FieldError("template", "expected one of \(names), got \"\(name)\"")
      }
      try store.open().setMovementSchedule(template.schedule)
    }
  }

  /// `herald movement day WEEKDAY fallback|off|--fixed HH:MM ...|--block HH:MM-HH:MM[/style][/minutes] ...`.
  struct Day: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set one weekday's schedule.",
      discussion: """
        Examples: `movement day sunday fallback`, `movement day wednesday off`, \
        `movement day saturday --fixed 10:00 --fixed 16:30`, \
        `movement day monday --block 06:00-08:00/gentle/30 --block 09:00-17:00/urgent`.
        """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "monday … sunday.") var weekday: String
    @Argument(help: "fallback (active hours at the fallback interval) or off.") var mode: String?
    @Option(help: "A reminder time HH:MM (repeatable).") var fixed: [String] = []
    @Option(help: "A time block HH:MM-HH:MM, optionally /gentle|standard|urgent and /minutes (repeatable).")
    var block: [String] = []

    func run() throws {
      guard let day = Weekday(rawValue: weekday) else {
        throw FieldError(
          "weekday", "expected a lower-case English weekday (monday … sunday), got \"\(weekday)\"")
      }
      let schedule = try parseSchedule()
      try store.open().setDay(day, schedule)
    }

    /// Exactly one of the four forms; `nil` for off.
    private func parseSchedule() throws(FieldError) -> DaySchedule? {
      let forms = [mode != nil, !fixed.isEmpty, !block.isEmpty].filter { $0 }.count
      guard forms == 1 else {
        throw FieldError(
          weekday,
          "give exactly one of fallback, off, --fixed HH:MM … or --block HH:MM-HH:MM[/style][/minutes] …")
      }
      switch mode {
      case "fallback": return .fallback
      case "off": return nil
      case .some(let other): throw FieldError(weekday, "expected fallback or off, got \"\(other)\"")
      case nil: break
      }
      if !fixed.isEmpty {
        return .fixedTimes(
          try fixed.enumerated().map { (index, text) throws(FieldError) in
            try WallClockTime.parse(text, field: "--fixed[\(index)]")
          })
      }
      return .timeBlocks(
        try block.enumerated().map { (index, text) throws(FieldError) in
          try MovementCommand.timeBlock(text, field: "--block[\(index)]")
        })
    }
  }

  /// Reads `09:00-17:00[/urgent][/45]`; `TimeBlock.init` checks the order and the interval.
  static func timeBlock(_ text: String, field: String) throws(FieldError) -> TimeBlock {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let span = parts[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard span.count == 2 else {
      throw FieldError(field, "expected HH:MM-HH:MM[/style][/minutes], got \"\(text)\"")
    }
    var style = NotificationStyle.standard
    var interval: Int?
    for part in parts.dropFirst() {
      if let minutes = Int(part) {
        interval = minutes
      } else {
        do { style = try NotificationStyle(stored: part) } catch { throw error.prefixed(field) }
      }
    }
    do {
      return try TimeBlock(
        start: WallClockTime.parse(span[0], field: "start"), end: WallClockTime.parse(span[1], field: "end"),
        style: style,
        intervalMinutes: interval)
    } catch {
      throw error.prefixed(field)
    }
  }

  static func describe(_ day: DaySchedule) -> String {
    switch day {
    case .fallback:
      return "fallback"
    case .fixedTimes(let times):
      return times.isEmpty ? "fixed times: none" : times.map(\.description).joined(separator: ", ")
    case .timeBlocks(let blocks):
      guard !blocks.isEmpty else { return "time blocks: none" }
      return blocks.map { block in
        "\(block.start)–\(block.end) \(block.style.rawValue)"
          + (block.intervalMinutes.map { " every \($0) min" } ?? "")
      }.joined(separator: ", ")
    }
  }
}
