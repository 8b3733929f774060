/// A button on a notification, and what pressing it does.
public enum NotificationAction: String, Sendable, Hashable, CaseIterable {
  /// Remind again in 5 minutes (movement reminders).
  case snooze
  /// Mark done: the movement break taken, or the task completed.
  case done
  /// Tapping the notification itself (iOS's default action; the freedesktop key `default`):
  /// opens what it is about — for a place notification, the map of its route.
  case open = "default"

  /// The button's label in the user's language.
  public func label(_ texts: Texts) -> String {
    switch self {
    case .snooze: texts.snoozeAction
    case .done: texts.doneAction
    case .open: texts.openMapAction
    }
  }
}
