import Foundation
import HeraldCore

/// How the Live Activity looks as a notification: summary the block's title; body the minutes
/// left, the current task and done/total; the elapsed share as the `value` hint (a progress bar);
/// low urgency, silent, and on screen until closed.
enum LiveActivityRendering {
  /// The category hint, for a user's server rules (`x-herald.live-activity`).
  static let category = DesktopRendering.category("live-activity")

  static func request(_ activity: FocusActivity, now: Date, texts: Texts, on server: ServerSession)
    -> NotifyRequest
  {
    let attributes = activity.attributes
    let state = activity.state
    let minutes = FocusCountdown.remainingMinutes(until: attributes.endDate, now: now)
    let task = state.currentTaskTitle.map {
      DisplayText.printable(DisplayText.shortened($0, toFit: DisplayText.titleLength), singleLine: true)
    }
    let tally = state.totalCount > 0 ? texts.tasksDone("\(state.completedCount)/\(state.totalCount)") : nil
    let body = [texts.minutesLeft(minutes), task, tally].compactMap(\.self).joined(separator: " · ")
    let percent = FocusCountdown.percent(start: attributes.startDate, end: attributes.endDate, now: now)
    return NotifyRequest(
      summary: DisplayText.printable(
        DisplayText.shortened(attributes.blockTitle, toFit: DisplayText.titleLength), singleLine: true),
      body: server.hasBodyMarkup ? Markup.escaped(body) : body, urgency: 0, category: category,
      suppressSound: true, value: Int32(percent), expireTimeout: 0)
  }
}
