import HeraldPush

/// The words of the page a notification's link opens on a phone (`PushActionPage`).
extension PageTexts {
  /// A button's label: the same words as the notification's buttons (the core's texts).
  func pushActionLabel(_ action: ActionLink.Action) -> String {
    switch action {
    case .done: core.doneAction
    case .snooze: core.snoozeAction
    case .open, .map: pick("Öffnen", "Open")
    }
  }
  var pushActionMovement: String { pick("Bewegungspause", "Movement break") }
  var pushActionTitle: String { pick("Erinnerung", "Reminder") }
  var pushActionAsk: String {
    pick("Tippe auf den Knopf, um die Erinnerung zu beantworten.", "Tap the button to answer the reminder.")
  }
  /// What a press did.
  func pushActionPerformed(_ action: ActionLink.Action) -> String {
    action == .snooze
      ? pick("Die Erinnerung kommt in 5 Minuten wieder.", "The reminder comes again in 5 minutes.")
      : pick("Erledigt.", "Done.")
  }
  var pushActionSettled: String {
    pick(
      "Diese Erinnerung ist schon beantwortet; nichts wurde geändert.",
      "This reminder has been answered already; nothing was changed.")
  }
  var pushActionExpired: String {
    pick(
      "Dieser Link ist abgelaufen (24 Stunden nach der Erinnerung); nichts wurde geändert.",
      "This link has expired (24 hours after the reminder); nothing was changed.")
  }
  var pushActionRefused: String {
    pick(
      "Dieser Link ist keiner von Herald auf diesem Server; nichts wurde geändert.",
      "This link is not one of this Herald server's; nothing was changed.")
  }
}
