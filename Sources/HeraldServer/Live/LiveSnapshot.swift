import Foundation
import HeraldCore
import HeraldInterchange

/// What the live view shows, apart from the ticking countdown: the running block's activity and
/// the task it is on, and the next block. Changes only when the data or the running block changes,
/// so an event is sent only then; the page counts down from the end instant by itself.
struct LiveSnapshot: Sendable, Hashable {
  var running: FocusActivity?
  /// The task the running block is on: the one "Erledigt" completes.
  var currentTaskID: String?
  var next: FocusBlock?

  init(state: PlanningState, now: Date) {
    running = FocusActivity.current(blocks: state.focusBlocks, tasks: state.tasks, now: now)
    currentTaskID = running.flatMap { running in
      state.focusBlocks.first { $0.id == running.attributes.blockID }.flatMap {
        FocusActivity.currentTask(of: $0, tasks: state.tasks)?.id
      }
    }
    next = FocusActivity.nextBlock(blocks: state.focusBlocks, now: now)
  }

  /// "No focus block running — next: Deep Work at 14:00".
  func idleText(texts: PageTexts, zone: Zone) -> String {
    guard let next = nextText(texts: texts, zone: zone) else { return texts.noBlockRunning }
    return texts.noBlockRunning + " — " + next
  }

  /// "next: Deep Work at 14:00"; `nil` when no block comes.
  func nextText(texts: PageTexts, zone: Zone) -> String? {
    next.map { texts.next($0.title, at: zone.time(at: $0.start).description) }
  }

  /// "ends at 11:30": the running block's end in the user's time.
  func endText(texts: PageTexts, zone: Zone) -> String? {
    running.map { texts.endsAt(zone.time(at: $0.attributes.endDate).description) }
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
      .init("ends", .string(endText(texts: texts, zone: zone) ?? "")),
      .init("task", .string(running.state.currentTaskTitle ?? texts.noTaskLeft)),
      .init("taskPath", currentTaskID.map { JSONValue.string(TodayPage.segment($0)) } ?? .null),
      .init("done", .string(texts.done)),
      .init("tally", .string(texts.core.tasksDone(tally))),
      .init("next", nextText(texts: texts, zone: zone).map { JSONValue.string($0) } ?? .null),
    ])
    return JSONWriter.string(.object([.init("running", block), .init("idle", .null)]), pretty: false)
  }
}
