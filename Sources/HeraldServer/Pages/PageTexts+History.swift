import HeraldCore

/// The words of the History page: what was delivered today and the answer it got.
extension PageTexts {
  var history: String { pick("Verlauf", "History") }
  var historyHeading: String { pick("Heute zugestellt", "Delivered today") }
  var nothingDelivered: String {
    pick("Heute wurde noch nichts zugestellt.", "Nothing was delivered today yet.")
  }
  var answerDone: String { pick("erledigt", "done") }
  var answerSnoozed: String { pick("zurückgestellt", "snoozed") }
  var answerMissed: String {
    pick(
      "verpasst: nicht gezeigt, weil die Zeit zu lange vorbei war",
      "missed: not shown, its time was too long ago")
  }
  var answerAwaiting: String { pick("wartet auf deine Antwort", "waiting for your answer") }
  var answerShown: String { pick("gezeigt", "shown") }
  var late: String { pick("verspätet", "late") }
  var onDesktop: String { pick("noch auf dem Desktop", "still on the desktop") }
  /// Where a delivery went: "über Desktop, Telefon (Push)".
  func channels(_ names: [String]) -> String {
    pick("über ", "via ") + names.map(channel).joined(separator: ", ")
  }
  /// A channel (`DeliverySink.channel`) by its name on the page.
  func channel(_ name: String) -> String {
    switch name {
    case "desktop": "Desktop"
    case "stdout", "terminal": "Terminal"
    case "webhook": "Webhook"
    case "push": pick("Telefon (Push)", "phone (push)")
    default: name
    }
  }
  var removedItem: String {
    pick("(gelöscht: der Text ist nicht mehr bekannt)", "(deleted: its text is no longer known)")
  }
  var historyFooter: String {
    pick(
      "Der Text steht so da, wie er heute lautet: Das Protokoll speichert, was wann zugestellt wurde, nicht den Text.",
      "The text reads as it does now: the log keeps what was delivered when, not its text.")
  }
  var noHistoryHere: String {
    pick(
      "Auf einem Server für viele Nutzer gibt es hier noch keinen Verlauf.",
      "A server for many users has no history here yet.")
  }
}
