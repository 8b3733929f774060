import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Logging
import Testing

/// The daemon while the user changes things from another process (`herald block edit`, a web
/// page): the next tick plans the change, so an edit moves a reminder, a delete cancels it and a
/// setting applies at once. And the grace window and the 5-second late boundary, on a daemon.
@Suite struct ReminderDaemonChangeTests {
  let start = Fixtures.instant("2026-11-23T07:00:00Z")  // Monday 08:00 in Berlin

  /// A daemon on its own database file, and a second store on the same file for "another process".
  struct Running {
    let daemon: ReminderDaemon
    let other: SQLiteStore
    let clock: ManualClock
    let recorder: DeliveryRecorder
    let directory: TemporaryDirectory

    /// Lets `seconds` pass and ticks once.
    func pass(_ seconds: Double) async throws {
      clock.advance(by: seconds)
      try await daemon.tick()
    }
  }

  func running(grace: TimeInterval? = nil, _ prepare: (SQLiteStore) throws -> Void = { _ in }) async throws
    -> Running
  {
    let directory = try TemporaryDirectory()
    let path = directory.path("herald.sqlite")
    let store = try SQLiteStore(path: path)
    try prepare(store)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    var configuration = DaemonConfiguration()
    if let grace { configuration.delivery.graceWindow = grace }
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: FixedTimeZoneSource(Fixtures.zone("Europe/Berlin")),
      sinks: [StdoutSink(write: recorder.write)], configuration: configuration, logger: Logger(label: "test"))
    try await daemon.start()
    return Running(
      daemon: daemon, other: try SQLiteStore(path: path), clock: clock, recorder: recorder,
      directory: directory)
  }

  @Test func anEditedBlockIsRemindedAtItsNewTime() async throws {
    let run = try await running {
      try $0.addFocusBlock(id: "b1", title: "Deep Work", start: start + 3600, end: start + 7200)
    }
    defer { run.directory.remove() }
    _ = try run.other.updateFocusBlock(id: "b1") {
      $0.start = start + 5400
      $0.title = "Review"
    }
    try await run.pass(1)
    try await run.pass(3600 - 300 - 1)  // the old 5-minute mark: nothing
    #expect(run.recorder.ids.isEmpty)
    try await run.pass(1800)  // the new one: 5 minutes before 09:30 local
    #expect(run.recorder.ids == ["focus-block-start-b1"])
    #expect(run.recorder.lines.last?["fireDate"] as? String == "2026-11-23T08:25:00Z")
    #expect(run.recorder.lines.last?["body"] as? String == "Review beginnt in 5 Minuten")
  }

  @Test func aDeletedBlockAndACompletedTaskAreCancelled() async throws {
    let run = try await running {
      try $0.addFocusBlock(id: "b1", title: "Deep Work", start: start + 3600, end: start + 7200)
      _ = try $0.addTask(id: "t1", title: "Report", due: start + 7200)  // morning reminder 09:00 local
    }
    defer { run.directory.remove() }
    try run.other.removeFocusBlock(id: "b1")
    _ = try run.other.completeTask(id: "t1")
    try await run.pass(1)
    try await run.pass(7200)
    #expect(run.recorder.ids.isEmpty)
  }

  @Test func aSettingChangedWhileRunningAppliesAtOnce() async throws {
    let run = try await running {
      try $0.addFocusBlock(id: "b1", title: "Deep Work", start: start + 3600, end: start + 7200)
      _ = try $0.addTask(id: "t1", title: "Report", due: start + 4 * 3600)  // 12:00 local
    }
    defer { run.directory.remove() }
    try run.other.set(.focusBlockLeadMinutes, .int(15))
    try run.other.set(.dueDateMorningReminderEnabled, .bool(false))
    try run.other.set(.dueDateAdvanceReminderEnabled, .bool(true))
    try await run.pass(1)
    try await run.pass(2700 - 1)  // 08:45 local: 15 minutes before the block
    #expect(run.recorder.ids == ["focus-block-start-b1"])
    #expect(run.recorder.lines.last?["body"] as? String == "Deep Work beginnt in 15 Minuten")
    try await run.pass(3 * 3600 - 2700)  // 11:00 local: an hour before the task, no morning reminder
    #expect(run.recorder.ids == ["focus-block-start-b1", "due-date-advance-t1"])
  }

  @Test func withinTheGraceWindowLateBeyondItMissed() async throws {
    // One hour of grace (`--grace-hours 1`); the daemon was down from 08:00 to 11:00 local.
    let run = try await running(grace: 3600) {
      try $0.addFocusBlock(id: "early", title: "Early", start: start + 5400, end: start + 7200)  // 09:25
      try $0.addFocusBlock(id: "late", title: "Late", start: start + 9000, end: start + 10_800)  // 10:25
    }
    defer { run.directory.remove() }
    try await run.pass(3 * 3600)
    #expect(run.recorder.ids == ["focus-block-start-late"])
    #expect(run.recorder.lines.first?["late"] as? Bool == true)
    let missed = DeliveryKey(requestID: "focus-block-start-early", fireDate: start + 5100)
    #expect(try run.other.deliveryStatus(missed) == .missed)
  }

  @Test func fiveSecondsAfterItsTimeIsOnTimeSixIsLate() async throws {
    let run = try await running {
      try $0.addFocusBlock(id: "a", title: "A", start: start + 600, end: start + 1200)
      try $0.addFocusBlock(id: "b", title: "B", start: start + 1200, end: start + 1800)
    }
    defer { run.directory.remove() }
    try await run.pass(300 + 5)  // a's reminder was due at +300
    try await run.pass(600 + 1)  // b's at +900: 6 seconds ago
    #expect(run.recorder.ids == ["focus-block-start-a", "focus-block-start-b"])
    #expect(run.recorder.lines.map { $0["late"] as? Bool } == [false, true])
  }
}
