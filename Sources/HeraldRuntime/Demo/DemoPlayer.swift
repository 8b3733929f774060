import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// Plays the demo: runs the daemon, shows the live countdown now and then, marks a task done
/// half-way (as the user would), and stops when the sample day is over.
public struct DemoPlayer: Sendable {
  let store: SQLiteStore
  let clock: any HeraldClock
  let daemon: ReminderDaemon
  let console: Console
  let zone: Zone

  public init(
    store: SQLiteStore, clock: any HeraldClock, daemon: ReminderDaemon, console: Console, zone: Zone
  ) {
    self.store = store
    self.clock = clock
    self.daemon = daemon
    self.console = console
    self.zone = zone
  }

  /// Runs until the sample day's end; the daemon is cancelled then.
  public func play() async throws {
    let start = clock.now()
    let end = start.addingTimeInterval(DemoDay.duration)
    let running = Task { try await daemon.run() }
    defer { running.cancel() }
    var completedTask = false
    var acknowledged = false
    var next = start.addingTimeInterval(5 * 60)
    while clock.now() < end {
      try await clock.sleep(until: min(next, end), maximumWait: .infinity)
      let now = clock.now()
      if !completedTask, now >= start.addingTimeInterval(35 * 60) {
        // 09:25: the first task of the focus block is done; the countdown shows 1/2 from now on.
        _ = try store.completeTask(id: "inbox")
        try await daemon.reload()
        completedTask = true
        console.write("\(clockText(now))  ✓ task done: the live countdown updates\n")
      }
      if !acknowledged, now >= start.addingTimeInterval(55 * 60) {
        // 09:45: the 09:40 break was taken ("Done"): no follow-up, and it counts in the report.
        try ReminderActions.acknowledgeMovement(store: store, at: now, timeZone: zone)
        try await daemon.reload()
        acknowledged = true
        console.write("\(clockText(now))  ✓ movement break done: no follow-up for it\n")
      }
      let state = try store.planningState(timeZone: zone)
      if let activity = FocusActivity.current(blocks: state.focusBlocks, tasks: state.tasks, now: now) {
        console.write(
          "\(clockText(now))  ⏱ \(TextRenderer(language: try store.language()).frame(activity, now: now, isFirst: false))\n"
        )
      }
      next = next.addingTimeInterval(5 * 60)
    }
    running.cancel()
    _ = try? await running.value
    let shown = await daemon.shownCount
    console.write("Demo over: \(shown) notifications shown. `herald run` does the same on your real clock.\n")
  }

  private func clockText(_ date: Date) -> String {
    zone.time(at: date).description
  }
}
