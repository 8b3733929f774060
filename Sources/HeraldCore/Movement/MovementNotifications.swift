import Foundation

/// The notifications of the movement feature (spec 003): the reminder, snooze, follow-up and
/// progress report, each with the style the spec gives it.
public enum MovementNotifications {
  /// The pending movement reminder's id (the spec's `NotificationType.exerciseReminder`).
  public static let reminderIdentifier = "exercise-reminder"
  public static let snoozeIdentifier = "exercise-reminder-snooze"
  public static let followUpIdentifier = "exercise-reminder-follow-up"
  public static let progressReportIdentifier = "progress-report"
  /// Snoozing moves the reminder this far.
  public static let snoozeMinutes = 5

  /// The next regular reminder, styled by the block it falls in; `nil` when none falls within
  /// the next 7 days.
  public static func nextReminder(
    schedule: MovementSchedule, now: Date, resolver: WallClockResolver, language: Language
  ) -> PlannedNotification? {
    guard let next = schedule.nextReminder(after: now, resolver: resolver) else { return nil }
    return reminder(
      identifier: reminderIdentifier, category: NotificationCategory.movement, style: next.style,
      fireDate: next.fireDate, now: now, texts: Texts(language),
      userInfo: ["style": next.style.rawValue])
  }

  /// The reminder snoozed at `requestedAt`, 5 minutes later, standard: the user asked for it
  /// explicitly. `nil` once that moment has passed.
  public static func snooze(requestedAt: Date, now: Date, language: Language) -> PlannedNotification? {
    let fireDate = requestedAt.addingTimeInterval(Double(snoozeMinutes * 60))
    guard fireDate > now else { return nil }
    return reminder(
      identifier: snoozeIdentifier, category: NotificationCategory.movement, style: .standard,
      fireDate: fireDate, now: now, texts: Texts(language),
      userInfo: ["style": NotificationStyle.standard.rawValue, "snoozed": "true"])
  }

  /// The follow-up to a reminder that was not acknowledged in time: urgent, to escalate.
  public static func followUp(
    toReminderAt reminderDate: Date, settings: Settings, now: Date, language: Language
  ) -> PlannedNotification? {
    let fireDate = reminderDate.addingTimeInterval(Double(settings.movementFollowUpMinutes * 60))
    guard fireDate > now else { return nil }
    let texts = Texts(language)
    let content = NotificationContent(
      title: texts.followUpTitle, body: texts.followUpBody,
      categoryIdentifier: NotificationCategory.movementFollowUp,
      threadIdentifier: NotificationCategory.movement, userInfo: ["style": NotificationStyle.urgent.rawValue]
    ).styled(.urgent)
    return planned(followUpIdentifier, content, fireDate: fireDate, now: now)
  }

  /// The daily progress report at the configured time after `now`: passive, informational. Only
  /// on days whose schedule has movement reminders: a report of "0 of 0" on a day off is noise.
  public static func progressReport(
    progress: MovementProgress, schedule: MovementSchedule, settings: Settings, now: Date,
    resolver: WallClockResolver, language: Language
  ) -> PlannedNotification? {
    guard settings.progressReportEnabled else { return nil }
    let today = resolver.day(at: now)
    let first = resolver.instant(on: today, at: settings.progressReportTime) > now ? 0 : 1
    guard
      let day = (first...MovementSchedule.lookaheadDays).lazy.map({ today.adding(days: $0) })
        .first(where: { schedule.hasReminders(on: $0.weekday) })
    else { return nil }
    let fireDate = resolver.instant(on: day, at: settings.progressReportTime)
    let texts = Texts(language)
    // The counts are those of the report's day: a report for tomorrow starts from zero.
    let counts = day == today ? progress : MovementProgress()
    var content = NotificationContent(
      title: texts.progressTitle,
      body: texts.progressBody(done: counts.acknowledged, reminded: counts.delivered),
      categoryIdentifier: NotificationCategory.progressReport,
      threadIdentifier: NotificationCategory.movement,
      userInfo: ["day": day.description])
    content.interruptionLevel = .passive
    content.sound = nil
    return planned(progressReportIdentifier, content, fireDate: fireDate, now: now)
  }

  private static func reminder(
    identifier: String, category: String, style: NotificationStyle, fireDate: Date, now: Date,
    texts: Texts, userInfo: [String: String]
  ) -> PlannedNotification {
    let content = NotificationContent(
      title: texts.timeToMoveTitle, body: texts.standUpBody, categoryIdentifier: category,
      threadIdentifier: NotificationCategory.movement, userInfo: userInfo
    ).styled(style)
    return planned(identifier, content, fireDate: fireDate, now: now)
  }

  private static func planned(
    _ identifier: String, _ content: NotificationContent, fireDate: Date, now: Date
  ) -> PlannedNotification {
    let request = NotificationRequest(
      identifier: identifier, content: content,
      trigger: .timeInterval(seconds: wholeSeconds(from: now, to: fireDate)))
    return PlannedNotification(request: request, fireDate: fireDate)
  }
}

/// A day's movement counts, for the progress report.
public struct MovementProgress: Sendable, Hashable, Codable {
  /// Reminders shown today.
  public var delivered: Int
  /// Reminders the user marked done today.
  public var acknowledged: Int

  public init(delivered: Int = 0, acknowledged: Int = 0) {
    self.delivered = delivered
    self.acknowledged = acknowledged
  }
}
