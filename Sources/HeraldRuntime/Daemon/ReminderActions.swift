import Foundation
import HeraldCore
import HeraldStore
import Logging

/// What a notification's buttons, and the matching commands (`herald snooze`, `herald ack`,
/// `herald task done`), do to the store. One home, so a button and a command cannot differ.
public enum ReminderActions {
  /// A button pressed on `notification`, or the notification itself clicked (`.open`: the map of
  /// a place notification's route); `logger` hears where the map went.
  public static func perform(
    _ action: NotificationAction, on notification: PlannedNotification, store: HeraldStore, at now: Date,
    timeZone: TimeZone, logger: Logger = Logger(label: "herald") { _ in SwiftLogNoOpLogHandler() }
  ) throws {
    let content = notification.content
    switch (action, content.userInfo["taskID"]) {
    // A place notification tapped: its route's map, drawn afresh.
    case (.open, _):
      guard let link = content.userInfo["deepLink"].flatMap(MapDeepLink.init) else { return }
      try MapOpener.open(link, store: store, logger: logger)
    case (.snooze, _): try snoozeMovement(store: store, at: now)
    // Completing the task cancels its other due-date reminder through the next plan.
    case (.done, let taskID?): _ = try store.completeTask(id: taskID)
    case (.done, nil): try acknowledgeMovement(store: store, at: now, timeZone: timeZone)
    }
  }

  /// "Snooze 5 min": the reminder comes again 5 minutes after `now`, and no follow-up.
  public static func snoozeMovement(store: HeraldStore, at now: Date) throws {
    _ = try store.snoozeMovement(at: now)
  }

  /// "Done": the break counts for today, and no follow-up.
  public static func acknowledgeMovement(store: HeraldStore, at now: Date, timeZone: TimeZone) throws {
    _ = try store.acknowledgeMovement(at: now, timeZone: timeZone)
  }
}
