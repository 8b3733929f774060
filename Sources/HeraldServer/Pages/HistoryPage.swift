import Foundation
import HeraldCore
import HeraldInterchange

/// The History page (issue 52, item 5): what was delivered today, latest first — the time, the
/// style, what it said, where it is still shown, and the answer it got; a reminder still waiting
/// offers its buttons, which do what the notification's buttons do (`ReminderActions`).
struct HistoryPage {
  let texts: PageTexts
  /// `nil` on a server for many users, whose log this page does not read (yet).
  let history: DeliveryHistory?
  let zone: Zone
  let formToken: String

  func render(message: HTML? = nil) -> HTML {
    PageLayout(texts: texts).render(
      .history, title: texts.history, message: message,
      body: """
        <section id="history" aria-labelledby="history-heading">
        <h2 id="history-heading">\(texts.historyHeading)</h2>
        \(list)
        <p class="footer">\(texts.historyFooter)</p>
        </section>
        """)
  }

  private var list: HTML {
    guard let history else { return "<p>\(texts.noHistoryHere)</p>" }
    guard !history.entries.isEmpty else { return "<p id=\"nothing-delivered\">\(texts.nothingDelivered)</p>" }
    return "<ol class=\"history\">\(history.entries.map(item))</ol>"
  }

  private func item(_ entry: DeliveryHistory.Entry) -> HTML {
    let record = entry.record
    let shownAt = record.deliveredAt ?? record.fireDate
    let style = entry.content.map { NotificationStyle(shownAs: $0.interruptionLevel) }
    let styleTag: HTML =
      style.map { style -> HTML in "<span class=\"style\">\(texts.core.label(style))</span>" } ?? ""
    let said: HTML =
      entry.content.map { content -> HTML in "<strong>\(content.title)</strong> — \(content.body)" }
      ?? "\(texts.removedItem)"
    let late: HTML = record.late ? " <span class=\"tag\">\(texts.late)</span>" : ""
    var whereTo: [String] = record.channels.isEmpty ? [] : [texts.channels(record.channels)]
    if entry.onDesktop { whereTo.append(texts.onDesktop) }
    let desktop: HTML =
      whereTo.isEmpty ? "" : "<span class=\"channels\">\(whereTo.joined(separator: " · "))</span>"
    return """
      <li class="\(style?.rawValue ?? "")" data-id="\(record.requestID)">
      <div class="entry"><span class="when"><time datetime="\(RFC3339.utcString(shownAt))">\
      \(zone.time(at: shownAt).description)</time></span> \(styleTag)\(late) \(desktop)</div>
      <p class="said">\(said)</p>
      \(answer(entry))
      </li>
      """
  }

  private func answer(_ entry: DeliveryHistory.Entry) -> HTML {
    switch entry.answer {
    case .done: return "<p class=\"answer done\">✓ \(texts.answerDone)</p>"
    case .snoozed: return "<p class=\"answer snoozed\">\(texts.answerSnoozed)</p>"
    case .missed: return "<p class=\"answer missed\">\(texts.answerMissed)</p>"
    case .shown: return "<p class=\"answer shown\">\(texts.answerShown)</p>"
    case .awaiting(let actions):
      let buttons: [HTML] = actions.map { action in
        """
        <form method="post" action="/history/answer" class="inline">\(FormToken.field(formToken))\
        <input type="hidden" name="request" value="\(entry.record.requestID)">\
        <input type="hidden" name="fireDate" value="\(RFC3339.utcString(entry.record.fireDate))">\
        <input type="hidden" name="action" value="\(action.rawValue)">\
        <button type="submit"\(action == .snooze ? HTML(trusted: " class=\"secondary\"") : "")>\
        \(action.label(texts.core))</button></form>
        """
      }
      return "<p class=\"answer awaiting\">\(texts.answerAwaiting)</p><p>\(buttons)</p>"
    }
  }
}
