import Foundation

/// The daily movement progress report (spec 003, edge case 5): passive and silent, at the
/// configured time, only on days whose schedule has movement reminders — a report of "0 of 0"
/// on a day off is noise. A chain: tomorrow's is planned once today's has come due.
public struct MovementProgressReport: SingleReminderKind {
  public static let identifier = "progress-report"

  public init() {}

  /// The day and instant of the next report after `now`.
  public static func next(
    schedule: MovementSchedule, settings: Settings, now: Date, zone: Zone
  ) -> (day: CivilDate, fireDate: Date)? {
    guard settings.progressReportEnabled else { return nil }
    let today = zone.day(at: now)
    let first = zone.instant(on: today, at: settings.progressReportTime) > now ? 0 : 1
    guard
      let day = (first...MovementSchedule.lookaheadDays).lazy.map({ today.adding(days: $0) })
        .first(where: { schedule.hasReminders(on: $0.weekday) })
    else { return nil }
    return (day, zone.instant(on: day, at: settings.progressReportTime))
  }

  // MARK: ReminderKind

  public var storedName: String { "progress-report" }

  public var reads: PlanInputs { .movement }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    // Only with a log of what happened: a scenario document has none, and nothing to report.
    guard let schedule = context.state.movement, context.state.movementLog != nil,
      let next = Self.next(
        schedule: schedule, settings: context.settings, now: context.now, zone: context.zone)
    else { return }
    add(0, next.fireDate)
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    let day = context.zone.day(at: fireDate)
    let log = context.state.movementLog ?? MovementLog()
    // The counts are those of the report's day: a report for a later day starts from zero.
    let counts = log.progressDay == day ? log.progress : MovementProgress()
    let texts = context.texts
    var content = NotificationContent(
      title: texts.progressTitle,
      body: texts.progressBody(done: counts.acknowledged, reminded: counts.delivered),
      categoryIdentifier: NotificationCategory.progressReport,
      threadIdentifier: NotificationCategory.movement,
      userInfo: ["day": day.description])
    content.interruptionLevel = .passive
    content.sound = nil
    return content
  }

  public var isRolling: Bool { true }
}
