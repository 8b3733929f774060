/// The ready-made schedules the spec names, with the styles it gives them.
public enum ScheduleTemplate: String, Sendable, CaseIterable, Codable {
  /// Weekdays 09:00–17:00, urgent: work hours demand attention.
  case officeWorker
  /// Every day 10:00–18:00 every 90 minutes, gentle: rest days, nothing insistent.
  case recoveryMode
  /// Every day 08:00–20:00 every 60 minutes, gentle throughout.
  case gentleMovement

  /// The name shown to the user.
  public var displayName: String {
    switch self {
    case .officeWorker: "Office Worker"
    case .recoveryMode: "Recovery Mode"
    case .gentleMovement: "Gentle Movement"
    }
  }

  /// The schedule this template sets.
  public var schedule: MovementSchedule {
    let days: [Weekday: DaySchedule]
    switch self {
    case .officeWorker:
      let work = DaySchedule.timeBlocks([
        TimeBlock(literal: WallClockTime(9, 0), WallClockTime(17, 0), .urgent)
      ])
      days = Dictionary(uniqueKeysWithValues: Weekday.workdays.map { ($0, work) })
    case .recoveryMode:
      let rest = DaySchedule.timeBlocks([
        TimeBlock(literal: WallClockTime(10, 0), WallClockTime(18, 0), .gentle, 90)
      ])
      days = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, rest) })
    case .gentleMovement:
      let day = DaySchedule.timeBlocks([
        TimeBlock(literal: WallClockTime(8, 0), WallClockTime(20, 0), .gentle, 60)
      ])
      days = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, day) })
    }
    var schedule = MovementSchedule.empty
    schedule.days = days
    return schedule
  }
}
