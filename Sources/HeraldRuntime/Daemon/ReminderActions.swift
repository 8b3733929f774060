import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import Logging

/// What a notification's buttons, and the matching commands (`herald snooze`, `herald ack`,
/// `herald task done`), do to the store. One home, so a button and a command cannot differ.
public enum ReminderActions {
  /// A button pressed on a reminder that waits for `answer`, or the notification itself clicked
  /// (`.open`: the map of a place notification's route); `logger` hears where the map went.
  public static func perform(
    _ action: NotificationAction, answering answer: AwaitedAnswer, store: SQLiteStore, at now: Date,
    timeZone: Zone, logger: Logger = Logger(label: "herald") { _ in SwiftLogNoOpLogHandler() }
  ) throws {
    switch (action, answer) {
    case (.snooze, .movementBreak): try snoozeMovement(store: store, at: now)
    case (.done, .movementBreak): try acknowledgeMovement(store: store, at: now, timeZone: timeZone)
    // Completing the task cancels its other due-date reminder through the next plan.
    case (.done, .task(let id)): _ = try store.completeTask(id: id)
    // A place notification tapped: its route's map, drawn afresh.
    case (.open, .map(let link)): try MapOpener.open(link, store: store, logger: logger)
    // No notification offers these.
    case (.snooze, .task), (.open, .movementBreak), (.open, .task), (.snooze, .map), (.done, .map): break
    }
  }

  /// A button pressed on `notification`, as planned.
  public static func perform(
    _ action: NotificationAction, on notification: PlannedNotification, store: SQLiteStore, at now: Date,
    timeZone: Zone, logger: Logger = Logger(label: "herald") { _ in SwiftLogNoOpLogHandler() }
  ) throws {
    let info = notification.content.userInfo
    let answer: AwaitedAnswer =
      info["deepLink"].flatMap(MapDeepLink.init).map { .map(link: $0) }
      ?? info["taskID"].map { .task(id: $0) } ?? .movementBreak
    try perform(action, answering: answer, store: store, at: now, timeZone: timeZone, logger: logger)
  }

  /// "Snooze 5 min": the reminder comes again 5 minutes after `now`, and no follow-up.
  /// False (nothing changed) when no movement reminder waits for an answer.
  @discardableResult
  public static func snoozeMovement(store: SQLiteStore, at now: Date) throws -> Bool {
    try store.snoozeMovement(at: now) != nil
  }

  /// "Done": the break counts for the day it was shown, and no follow-up.
  /// False (nothing changed) when no movement reminder waits for an answer.
  @discardableResult
  public static func acknowledgeMovement(store: SQLiteStore, at now: Date, timeZone: Zone) throws -> Bool {
    try store.acknowledgeMovement(at: now, timeZone: timeZone) != nil
  }
}
