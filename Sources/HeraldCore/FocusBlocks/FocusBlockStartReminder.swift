import Foundation

/// The reminder before a focus block starts (spec 000).
public enum FocusBlockStartReminder {
  /// The spec's prefix: a block's request id is `focus-block-start-{blockID}`.
  public static let identifierPrefix = "focus-block-start-"
  /// The spec's default lead time, in minutes.
  public static let defaultLeadMinutes = 5

  /// The request id for a block.
  public static func identifier(forBlockID blockID: String) -> String { identifierPrefix + blockID }

  /// The spec's `scheduleFocusBlockStartNotification`, as a pure function.
  ///
  /// Fires `minutesBefore` before the start; when that moment has passed, at the start itself; when
  /// the start has passed too, not at all. Firing at the start says "now", otherwise "soon".
  public static func request(
    blockID: String, blockTitle: String, startDate: Date,
    minutesBefore: Int = defaultLeadMinutes, now: Date, language: Language = .de
  ) -> PlannedNotification? {
    guard let fireDate = fireDate(startDate: startDate, minutesBefore: minutesBefore, now: now) else {
      return nil
    }

    let texts = Texts(language)
    let startsNow = fireDate == startDate
    let content = NotificationContent(
      title: startsNow ? texts.focusBlockNowTitle : texts.focusBlockSoonTitle,
      body: startsNow
        ? texts.focusBlockNowBody(blockTitle) : texts.focusBlockSoonBody(blockTitle, minutes: minutesBefore),
      sound: .default,
      interruptionLevel: .active,
      categoryIdentifier: NotificationCategory.focusBlockStart,
      threadIdentifier: NotificationCategory.focusBlockStart,
      userInfo: ["blockID": blockID])
    let request = NotificationRequest(
      identifier: identifier(forBlockID: blockID), content: content,
      trigger: .timeInterval(seconds: wholeSeconds(from: now, to: fireDate)))
    return PlannedNotification(request: request, fireDate: fireDate)
  }

  /// When the reminder fires: `minutesBefore` the start, or the start once that has passed;
  /// `nil` once the start has passed too.
  public static func fireDate(startDate: Date, minutesBefore: Int, now: Date) -> Date? {
    let notifyDate = startDate.addingTimeInterval(-Double(minutesBefore * 60))
    let fireDate = notifyDate > now ? notifyDate : startDate
    return fireDate > now ? fireDate : nil
  }

  /// The reminder for a block under the user's settings.
  public static func request(
    for block: FocusBlock, settings: Settings, now: Date, language: Language
  ) -> PlannedNotification? {
    request(
      blockID: block.id, blockTitle: block.title, startDate: block.start,
      minutesBefore: settings.focusBlockLeadMinutes, now: now, language: language)
  }
}

/// Seconds from `now` to `date`, rounded up so that an interval trigger never fires early.
func wholeSeconds(from now: Date, to date: Date) -> Int {
  Int(date.timeIntervalSince(now).rounded(.up))
}
