import Foundation
import HeraldCore
import HeraldInterchange

/// The live focus view (spec 002): the running block's title, a countdown the page's script runs
/// from the end instant (the spirit of `Text(timerInterval:)`: no polling), the block's end time,
/// the current task with "Erledigt" (a form post: it works without the script too), the progress
/// and the next block; kept current by server-sent events. Without JavaScript it shows the state
/// at load.
struct LivePage {
  let texts: PageTexts
  let snapshot: LiveSnapshot
  let zone: Zone
  let now: Date
  let formToken: String

  func render() -> HTML {
    PageLayout(texts: texts).render(
      .live, title: texts.live, scripts: ["live.js"],
      body: """
        <section id="live" data-events="/live/events" data-form="\(formToken)">
        \(content)
        </section>
        <noscript><p class="footer">\(texts.needsJavaScript)</p></noscript>
        """)
  }

  /// The form that completes the current task and comes back here; live.js builds the same.
  static func doneForm(taskID: String, label: String, formToken: String) -> HTML {
    """
    <form method="post" action="/today/tasks/\(TodayPage.segment(taskID))/complete?back=live" id="live-done-form">\
    \(FormToken.field(formToken))<button type="submit" id="live-done">\(label)</button></form>
    """
  }

  private var content: HTML {
    guard let running = snapshot.running else {
      return "<p id=\"live-idle\">\(snapshot.idleText(texts: texts, zone: zone))</p>"
    }
    let attributes = running.attributes
    let progress = FocusCountdown.progress(start: attributes.startDate, end: attributes.endDate, now: now)
    let tally = "\(running.state.completedCount)/\(running.state.totalCount)"
    let done: HTML =
      snapshot.currentTaskID.map { Self.doneForm(taskID: $0, label: texts.done, formToken: formToken) } ?? ""
    let next: HTML =
      snapshot.nextText(texts: texts, zone: zone).map { next -> HTML in
        "<p class=\"next\" id=\"live-next\">\(next)</p>"
      } ?? ""
    return """
      <h2 id="live-title">\(attributes.blockTitle)</h2>
      <p class="countdown"><time id="live-countdown" data-end="\(RFC3339.string(attributes.endDate, offsetSeconds: 0))" \
      data-start="\(RFC3339.string(attributes.startDate, offsetSeconds: 0))">\
      \(FocusCountdown.remainingText(until: attributes.endDate, now: now))</time></p>
      <p class="times" id="live-ends">\(snapshot.endText(texts: texts, zone: zone) ?? "")</p>
      <p id="live-task">\(running.state.currentTaskTitle ?? texts.noTaskLeft)</p>
      \(done)
      <p id="live-tally">\(texts.core.tasksDone(tally))</p>
      <progress id="live-progress" max="1000" value="\(Int(progress * 1000))"></progress>
      \(next)
      """
  }
}
