import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Logging
import Testing

/// The daemon's side of a notification's life on a screen: it withdraws a reminder once its
/// answer is given (by a button, a command, another process), a snooze leaves it for its repeat to
/// replace, the Live Activity follows the running block, and everything stops with the daemon.
@Suite struct DaemonScreenLifecycleTests {
  let start = Fixtures.instant("2026-11-23T07:00:00Z")  // Monday 08:00 in Berlin
  let berlin = Fixtures.zone("Europe/Berlin")

  func daemon(_ store: SQLiteStore, clock: ManualClock, screen: ScreenRecorder) -> ReminderDaemon {
    ReminderDaemon(
      store: store, clock: clock, zones: FixedTimeZoneSource(berlin), sinks: [screen],
      logger: Logger(label: "test"))
  }

  @Test func anAckByAnotherProcessWithdrawsTheMovementReminder() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("herald.sqlite")
    let store = try SQLiteStore(path: path)
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    try store.set(.progressReportEnabled, .bool(false))
    let clock = ManualClock(now: start)
    let screen = ScreenRecorder()
    let daemon = daemon(store, clock: clock, screen: screen)
    try await daemon.start()
    clock.advance(by: 6300)  // 09:45: the first reminder
    try await daemon.tick()
    #expect(screen.take() == [.deliver(slot: "exercise-reminder", id: "exercise-reminder")])
    #expect(try store.awaitedAnswers() == ["exercise-reminder": .movementBreak])

    // `herald ack` in another process.
    try ReminderActions.acknowledgeMovement(store: SQLiteStore(path: path), at: clock.now(), timeZone: berlin)
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(screen.take() == [.withdraw(["exercise-reminder"])])
    #expect(try store.awaitedAnswers().isEmpty)
    // Nothing more to withdraw on the next change.
    _ = try SQLiteStore(path: path).addTask(title: "Other")
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(screen.take().isEmpty)
  }

  @Test func doneOnATasksReminderCompletesItAndWithdrawsIt() async throws {
    let store = try SQLiteStore.inMemory()
    _ = try store.addTask(id: "t1", title: "Report", due: Fixtures.instant("2026-11-23T16:00:00Z"))
    let clock = ManualClock(now: start)
    let screen = ScreenRecorder()
    let daemon = daemon(store, clock: clock, screen: screen)
    try await daemon.start()
    clock.advance(by: 3600)  // 09:00 Berlin: the morning reminder
    try await daemon.tick()
    #expect(screen.take() == [.deliver(slot: "due-date-t1", id: "due-date-morning-t1")])

    await daemon.perform(.done, inSlot: "due-date-t1")
    #expect(try store.tasks().first?.completed == true)
    #expect(screen.take() == [.withdraw(["due-date-t1"])])
    // A second press (another button of the same reminder) finds nothing waiting: no action.
    await daemon.perform(.done, inSlot: "due-date-t1")
    #expect(screen.take().isEmpty)
  }

  @Test func aSnoozeLeavesTheReminderForItsRepeatToReplace() async throws {
    let store = try SQLiteStore.inMemory()
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    try store.set(.progressReportEnabled, .bool(false))
    let clock = ManualClock(now: start)
    let screen = ScreenRecorder()
    let daemon = daemon(store, clock: clock, screen: screen)
    try await daemon.start()
    clock.advance(by: 6300)
    try await daemon.tick()
    _ = screen.take()

    await daemon.perform(.snooze, inSlot: "exercise-reminder")
    #expect(screen.take().isEmpty)
    clock.advance(by: 300)
    try await daemon.tick()
    // The snoozed reminder takes the same slot: a screen replaces the first with it.
    #expect(screen.take() == [.deliver(slot: "exercise-reminder", id: "exercise-reminder-snooze")])
    #expect(try store.awaitedAnswers() == ["exercise-reminder": .movementBreak])
  }

  @Test func theLiveActivityFollowsTheBlockMinuteByMinute() async throws {
    let store = try SQLiteStore.inMemory()
    _ = try store.addTask(id: "t1", title: "Inbox")
    _ = try store.addTask(id: "t2", title: "Proposal")
    try store.addFocusBlock(
      id: "b1", title: "Deep Work", start: start + 60, end: start + 60 + 1800, taskIDs: ["t1", "t2"])
    let clock = ManualClock(now: start)
    let screen = ScreenRecorder()
    let daemon = daemon(store, clock: clock, screen: screen)
    await daemon.setLiveActivity(screen)
    try await daemon.start()
    try await daemon.tick()
    // Nothing runs: whatever an earlier run left is ended.
    #expect(screen.take() == [.end])

    clock.advance(by: 60)
    try await daemon.tick()
    #expect(
      screen.take() == [
        .deliver(slot: "focus-block-start-b1", id: "focus-block-start-b1"),
        .show(block: "b1", task: "Inbox", minutesLeft: 30),
      ])
    for _ in 0..<59 {
      clock.advance(by: 1)
      try await daemon.tick()
    }
    #expect(screen.take().isEmpty)
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(screen.take() == [.show(block: "b1", task: "Inbox", minutesLeft: 29)])

    _ = try store.completeTask(id: "t1")
    try await daemon.reload()
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(screen.take() == [.show(block: "b1", task: "Proposal", minutesLeft: 29)])

    try store.set(.liveActivityNotificationEnabled, .bool(false))
    try await daemon.reload()
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(screen.take() == [.end])
  }

  @Test func runResumesAndStopsTheScreen() async throws {
    let store = try SQLiteStore.inMemory()
    let clock = ManualClock(now: start)
    let screen = ScreenRecorder()
    let daemon = daemon(store, clock: clock, screen: screen)
    await daemon.setLiveActivity(screen)
    let running = Task { try await daemon.run() }
    for _ in 0..<10_000 where clock.sleeperCount == 0 { await Task.yield() }
    running.cancel()
    _ = try? await running.value
    #expect(screen.calls.first == .resume)
    #expect(Array(screen.calls.suffix(2)) == [.end, .stop])
  }
}
