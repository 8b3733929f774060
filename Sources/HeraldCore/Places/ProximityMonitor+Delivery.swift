import Foundation

extension ProximityMonitor {
  /// What one fix brings, as reminders that came due at `now` (when the fix reached the deliverer)
  /// for `DeliveryDecision.decide`: each visit, then the completion. Each records its visit or the
  /// completion as its effect, so the walk's progress is stored with the delivery; with the
  /// user's setting off they are silenced, so the progress is stored and nothing is shown.
  ///
  /// The notification keeps the contract's id (`spot_{name}_{unixSeconds}` of the fix's time) but
  /// fires at `now`: a replayed or delayed fix is not a late notification, and a walk replayed
  /// from the same recording later is not taken for one the delivery log has handled. Points that
  /// share a name and are reached on one fix say the same thing under the same id: they make one
  /// notification that records every visit.
  public mutating func dueReminders(for fix: LocationFix, at now: Date, notificationsEnabled: Bool)
    -> [DueReminder]
  {
    Self.dueReminders(advance(fix), at: now, language: language, notificationsEnabled: notificationsEnabled)
  }

  /// The due reminders for `events` raised at `now`.
  public static func dueReminders(
    _ events: [ProximityEvent], at now: Date, language: Language, notificationsEnabled: Bool
  ) -> [DueReminder] {
    var reminders: [DueReminder] = []
    var positionByID: [String: Int] = [:]
    for event in events {
      if let position = positionByID[event.notification.identifier] {
        reminders[position].effects.append(event.effect)
        continue
      }
      positionByID[event.notification.identifier] = reminders.count
      var notification = event.notification
      notification.fireDate = now
      reminders.append(
        DueReminder(
          notification: notification, language: language, actions: [.open], effects: [event.effect],
          awaiting: event.deepLink.map { .map(link: $0) }, isSilenced: !notificationsEnabled))
    }
    return reminders
  }
}
