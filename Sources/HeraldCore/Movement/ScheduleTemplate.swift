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
    // Literal times and intervals are valid, so these initialisers cannot throw.
    func block(_ start: WallClockTime, _ end: WallClockTime, _ style: NotificationStyle, _ interval: Int?)
      -> TimeBlock
    {
      (try? TimeBlock(start: start, end: end, style: style, intervalMinutes: interval))
        ?? preconditionFailure("template block is invalid")
    }
    let days: [Weekday: DaySchedule]
    switch self {
    case .officeWorker:
      let work = DaySchedule.timeBlocks([block(WallClockTime(9, 0), WallClockTime(17, 0), .urgent, nil)])
      days = Dictionary(uniqueKeysWithValues: Weekday.workdays.map { ($0, work) })
    case .recoveryMode:
      let rest = DaySchedule.timeBlocks([block(WallClockTime(10, 0), WallClockTime(18, 0), .gentle, 90)])
      days = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, rest) })
    case .gentleMovement:
      let day = DaySchedule.timeBlocks([block(WallClockTime(8, 0), WallClockTime(20, 0), .gentle, 60)])
      days = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, day) })
    }
    return (try? MovementSchedule(days: days)) ?? preconditionFailure("template schedule is invalid")
  }
}

private func preconditionFailure<T>(_ message: String) -> T {
  Swift.preconditionFailure(message)
}
