import Foundation
import HeraldCore
import HeraldRuntime

/// A sink and a Live Activity presenter that note what the daemon asks of a screen, for tests of
/// the daemon's side of the lifecycle (the desktop's own side runs against dunst).
final class ScreenRecorder: DeliverySink, LiveActivityPresenter, @unchecked Sendable {
  var channel: String { "screen" }

  enum Call: Sendable, Hashable {
    case deliver(slot: String, id: String)
    case withdraw([String])
    case resume
    case stop
    case show(block: String, task: String?, minutesLeft: Int)
    case end
  }

  private let lock = NSLock()
  private var recorded: [Call] = []

  var calls: [Call] { lock.withLock { recorded } }

  /// The calls since the last `take()`.
  func take() -> [Call] {
    lock.withLock {
      defer { recorded = [] }
      return recorded
    }
  }

  private func note(_ call: Call) { lock.withLock { recorded.append(call) } }

  func deliver(_ delivery: Delivery) async throws {
    note(.deliver(slot: delivery.slot, id: delivery.notification.identifier))
  }
  func withdraw(slots: [String]) async { note(.withdraw(slots)) }
  func resume() async { note(.resume) }
  func stop() async { note(.stop) }

  func show(_ activity: FocusActivity, now: Date, language: Language) async {
    note(
      .show(
        block: activity.attributes.blockID, task: activity.state.currentTaskTitle,
        minutesLeft: FocusCountdown.remainingMinutes(until: activity.attributes.endDate, now: now)))
  }
  func end() async { note(.end) }
}
