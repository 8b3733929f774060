import Foundation
import HeraldCore
import HeraldInterchange

/// What the live view shows, apart from the ticking countdown: the running block's activity, or
/// the next block when none runs. Changes only when the data or the running block changes, so an
/// event is sent only then; the page counts down from the end instant by itself.
struct LiveSnapshot: Sendable, Hashable {
  var running: FocusActivity?
  var next: FocusBlock?

  init(state: PlanningState, now: Date) {
    running = FocusActivity.current(blocks: state.focusBlocks, tasks: state.tasks, now: now)
    next =
      running == nil
      ? state.focusBlocks.filter { $0.start > now }.min { ($0.start, $0.id) < ($1.start, $1.id) } : nil
  }

  /// "No focus block running — next: Deep Work at 14:00".
  func idleText(texts: PageTexts, zone: Zone) -> String {
    guard let next else { return texts.noBlockRunning }
    let at = zone.time(at: next.start).description
    return texts.noBlockRunning + " — " + texts.next(next.title, at: at)
  }

  /// The event's data: everything the page shows, in the user's words, as JSON on one line.
  func json(texts: PageTexts, zone: Zone) -> String {
    guard let running else {
      return JSONWriter.string(
        .object([.init("running", .null), .init("idle", .string(idleText(texts: texts, zone: zone)))]),
        pretty: false)
    }
    let attributes = running.attributes
    let tally = "\(running.state.completedCount)/\(running.state.totalCount)"
    let block = JSONValue.object([
      .init("id", .string(attributes.blockID)),
      .init("title", .string(attributes.blockTitle)),
      .init("start", .string(RFC3339.string(attributes.startDate, offsetSeconds: 0))),
      .init("end", .string(RFC3339.string(attributes.endDate, offsetSeconds: 0))),
      .init("task", .string(running.state.currentTaskTitle ?? texts.noTaskLeft)),
      .init("tally", .string(texts.core.tasksDone(tally))),
    ])
    return JSONWriter.string(.object([.init("running", block), .init("idle", .null)]), pretty: false)
  }
}
