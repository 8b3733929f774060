import Foundation
import HeraldCore

/// The sample day `herald demo` plays: a focus block with two tasks, a task falling due, and
/// movement blocks in all three styles, all between 08:50 and 10:40 of today.
public enum DemoDay {
  /// When the demo's clock starts: 08:50 today in `zone`.
  public static func start(on now: Date, zone: Zone) -> Date {
    return zone.instant(on: zone.day(at: now), at: time(8, 50))
  }

  /// How much demo time the demo plays.
  public static let duration: TimeInterval = 110 * 60

  /// The day's data, in `zone`, for a demo starting at `start`.
  public static func state(start: Date, zone: Zone, language: Language) throws -> PlanningState {
    let day = zone.day(at: start)
    func at(_ hour: Int, _ minute: Int) -> Date { zone.instant(on: day, at: time(hour, minute)) }
    var settings = Settings()
    try settings.set(.dueDateMorningReminderHour, to: .int(9))
    try settings.set(.dueDateMorningReminderMinute, to: .int(5))
    settings.dueDateAdvanceReminderEnabled = true
    settings.dueDateAdvanceReminderMinutes = .thirtyMinutes
    settings.progressReportTime = time(10, 35)
    let movement = try MovementSchedule(
      intervalMinutes: 20,
      days: [
        day.weekday: .timeBlocks([
          try TimeBlock(
            start: time(8, 50), end: time(9, 20), style: .gentle, intervalMinutes: 15),
          try TimeBlock(start: time(9, 20), end: time(10, 0), style: .standard),
          try TimeBlock(start: time(10, 0), end: time(10, 40), style: .urgent),
        ])
      ])
    let de = language == .de
    return PlanningState(
      timeZone: zone, language: language, settings: settings,
      focusBlocks: [
        FocusBlock(
          id: "deep-work", title: "Deep Work", start: at(9, 0), end: at(9, 50),
          taskIDs: ["inbox", "proposal"])
      ],
      tasks: [
        TodoItem(id: "inbox", title: de ? "Posteingang leeren" : "Clear the inbox"),
        TodoItem(id: "proposal", title: de ? "Angebot schreiben" : "Write the proposal"),
        TodoItem(id: "tax", title: de ? "Steuererklärung" : "Tax return", due: at(10, 30)),
      ],
      movement: movement, movementLog: MovementLog())
  }

  /// A time of the sample day. Its hours and minutes are this file's literals, all valid; an
  /// invalid one would be a bug here, so it falls back to midnight rather than trap.
  private static func time(_ hour: Int, _ minute: Int) -> WallClockTime {
    WallClockTime(hour: hour, minute: minute) ?? .midnight
  }
}
