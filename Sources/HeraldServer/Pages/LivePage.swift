import Foundation
import HeraldCore
import HeraldInterchange

/// The live focus view (spec 002): the running block's title, a countdown the page's script runs
/// from the end instant (the spirit of `Text(timerInterval:)`: no polling), the current task and
/// the progress; kept current by server-sent events. Without JavaScript it shows the state at load.
struct LivePage {
  let texts: PageTexts
  let snapshot: LiveSnapshot
  let zone: Zone
  let now: Date

  func render() -> HTML {
    PageLayout(texts: texts).render(
      .live, title: texts.live, scripts: ["live.js"],
      body: """
        <section id="live" data-events="/live/events">
        \(content)
        </section>
        <noscript><p class="footer">\(texts.needsJavaScript)</p></noscript>
        """)
  }

  private var content: HTML {
    guard let running = snapshot.running else {
      return "<p id=\"live-idle\">\(snapshot.idleText(texts: texts, zone: zone))</p>"
    }
    let attributes = running.attributes
    let progress = FocusCountdown.progress(start: attributes.startDate, end: attributes.endDate, now: now)
    let tally = "\(running.state.completedCount)/\(running.state.totalCount)"
    return """
      <h2 id="live-title">\(attributes.blockTitle)</h2>
      <p class="countdown"><time id="live-countdown" data-end="\(RFC3339.string(attributes.endDate, offsetSeconds: 0))" \
      data-start="\(RFC3339.string(attributes.startDate, offsetSeconds: 0))">\
      \(FocusCountdown.remainingText(until: attributes.endDate, now: now))</time></p>
      <p id="live-task">\(running.state.currentTaskTitle ?? texts.noTaskLeft)</p>
      <p id="live-tally">\(texts.core.tasksDone(tally))</p>
      <progress id="live-progress" max="1000" value="\(Int(progress * 1000))"></progress>
      """
  }
}
