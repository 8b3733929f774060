import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Logging
import Testing

/// The daemon on a manual clock: every reminder at its time, nothing twice, nothing lost.
@Suite struct ReminderDaemonTests {
  let start = Fixtures.instant("2026-11-23T07:00:00Z")  // Monday 08:00 in Berlin
  let berlin = Fixtures.zone("Europe/Berlin")

  func daemon(
    _ store: SQLiteStore, clock: ManualClock, zones: FixedTimeZoneSource? = nil, recorder: DeliveryRecorder
  ) -> ReminderDaemon {
    ReminderDaemon(
      store: store, clock: clock, zones: zones ?? FixedTimeZoneSource(berlin),
      sinks: [StdoutSink(write: recorder.write)], logger: Logger(label: "test"))
  }

  @Test func showsAFocusBlockReminderExactlyAtItsTime() async throws {
    let store = try SQLiteStore.inMemory()
    try store.addFocusBlock(id: "b1", title: "Deep Work", start: start + 3600, end: start + 7200)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()

    clock.advance(by: 3600 - 300 - 1)
    try await daemon.tick()
    #expect(recorder.ids.isEmpty)

    clock.advance(by: 1)
    try await daemon.tick()
    let line = try #require(recorder.lines.first)
    #expect(line["id"] as? String == "focus-block-start-b1")
    #expect(line["fireDate"] as? String == "2026-11-23T07:55:00Z")
    #expect(line["deliveredAt"] as? String == "2026-11-23T07:55:00.000Z")
    #expect(line["late"] as? Bool == false)
    #expect(line["title"] as? String == "Focus Block startet gleich")
  }

  @Test func aReplanBetweenSoonAndStartDoesNotAddAStartsNowReminder() async throws {
    let store = try SQLiteStore.inMemory()
    try store.addFocusBlock(id: "b1", title: "Deep Work", start: start + 600, end: start + 7200)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()
    clock.advance(by: 300)
    try await daemon.tick()
    #expect(recorder.ids == ["focus-block-start-b1"])

    // A change a minute later replans after the 5-minute mark: the plan now says "starts now".
    _ = try store.addTask(id: "t1", title: "Other")
    try await daemon.reload()
    clock.advance(by: 300)
    try await daemon.tick()
    #expect(recorder.ids == ["focus-block-start-b1"])

    // A block created 3 minutes before its start still gets its "starts now" (spec 000, test 3).
    try store.addFocusBlock(id: "b2", title: "Quick", start: clock.now() + 180, end: clock.now() + 900)
    try await daemon.reload()
    clock.advance(by: 180)
    try await daemon.tick()
    #expect(recorder.ids == ["focus-block-start-b1", "focus-block-start-b2"])
    #expect(recorder.lines.last?["title"] as? String == "Focus Block startet jetzt")
  }

  @Test func aRestartedDaemonShowsNothingTwice() async throws {
    let store = try SQLiteStore.inMemory()
    try store.addFocusBlock(id: "b1", title: "Deep Work", start: start + 600, end: start + 7200)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let first = daemon(store, clock: clock, recorder: recorder)
    try await first.start()
    clock.advance(by: 300)
    try await first.tick()
    #expect(recorder.ids == ["focus-block-start-b1"])

    // A second daemon on the same data (a restart), without a checkpoint written in between.
    let second = daemon(store, clock: clock, recorder: recorder)
    try await second.start()
    clock.advance(by: 10)
    try await second.tick()
    #expect(recorder.ids == ["focus-block-start-b1"])
  }

  @Test func missedWhileDownIsShownLateWithinTheGraceWindowElseRecordedMissed() async throws {
    let store = try SQLiteStore.inMemory()
    try store.set(.dueDateAdvanceReminderEnabled, .bool(true))
    try store.set(.dueDateMorningReminderEnabled, .bool(false))
    // Advance reminders: one 1 h ago (shown late), one 13 h ago (missed), one in 1 h (on time).
    _ = try store.addTask(id: "recent", title: "Recent", due: start - 3600 + 3600)
    _ = try store.addTask(id: "old", title: "Old", due: start - 13 * 3600 + 3600)
    _ = try store.addTask(id: "next", title: "Next", due: start + 3600 + 3600)
    try store.writeCheckpoint(start - 14 * 3600)

    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()
    try await daemon.tick()

    #expect(recorder.ids == ["due-date-advance-recent"])
    #expect(recorder.lines.first?["late"] as? Bool == true)
    #expect(recorder.lines.first?["fireDate"] as? String == RFC3339.utcString(start - 3600))
    #expect(
      try store.deliveryStatus(DeliveryKey(requestID: "due-date-advance-old", fireDate: start - 13 * 3600))
        == .missed)
    #expect(await daemon.missedCount == 1)

    clock.advance(by: 3600)
    try await daemon.tick()
    #expect(recorder.ids == ["due-date-advance-recent", "due-date-advance-next"])
    #expect(recorder.lines.last?["late"] as? Bool == false)
  }

  @Test func aForwardClockJumpDeliversWhatItSkippedAndABackwardOneRepeatsNothing() async throws {
    let store = try SQLiteStore.inMemory()
    try store.addFocusBlock(id: "b1", title: "One", start: start + 1800, end: start + 3600)
    try store.addFocusBlock(id: "b2", title: "Two", start: start + 5400, end: start + 7200)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()

    // Suspend for two hours: the wall clock moves, the monotonic one does not.
    clock.jumpWallClock(by: 7200)
    try await daemon.tick()
    #expect(recorder.ids == ["focus-block-start-b1", "focus-block-start-b2"])
    #expect(recorder.lines.allSatisfy { $0["late"] as? Bool == true })

    // Someone sets the clock back an hour: nothing is shown again.
    clock.jumpWallClock(by: -3600)
    try await daemon.tick()
    clock.advance(by: 3600)
    try await daemon.tick()
    #expect(recorder.ids.count == 2)
  }

  @Test func aTimeZoneChangeMovesTheMorningReminderButNotAFocusBlock() async throws {
    let store = try SQLiteStore.inMemory()
    // Due at 18:00 UTC on the 24th; morning reminder at 09:00 wherever the user is.
    _ = try store.addTask(id: "t1", title: "Report", due: Fixtures.instant("2026-11-24T18:00:00Z"))
    try store.addFocusBlock(
      id: "b1", title: "Call", start: Fixtures.instant("2026-11-24T15:00:00Z"),
      end: Fixtures.instant("2026-11-24T16:00:00Z"))
    let clock = ManualClock(now: start)
    let zones = FixedTimeZoneSource(berlin)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, zones: zones, recorder: recorder)
    try await daemon.start()

    // The user flies to New York before the morning: 09:00 there is 14:00 UTC, not 08:00 UTC.
    zones.set(Fixtures.zone("America/New_York"))
    clock.advance(by: 1)
    try await daemon.tick()
    clock.advance(by: Fixtures.instant("2026-11-24T08:00:00Z").timeIntervalSince(clock.now()))
    try await daemon.tick()
    #expect(recorder.ids.isEmpty)

    clock.advance(by: Fixtures.instant("2026-11-24T14:00:00Z").timeIntervalSince(clock.now()))
    try await daemon.tick()
    #expect(recorder.ids == ["due-date-morning-t1"])
    #expect(recorder.lines.last?["fireDate"] as? String == "2026-11-24T14:00:00Z")

    // The focus block is an instant: still 5 minutes before 15:00 UTC.
    clock.advance(by: Fixtures.instant("2026-11-24T14:55:00Z").timeIntervalSince(clock.now()))
    try await daemon.tick()
    #expect(recorder.lines.last?["fireDate"] as? String == "2026-11-24T14:55:00Z")
  }

  @Test func aChangeByAnotherProcessIsPlannedOnTheNextTick() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(UUID()).sqlite").path
    let daemonStore = try SQLiteStore(path: path)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(daemonStore, clock: clock, recorder: recorder)
    try await daemon.start()
    #expect(await daemon.pendingCount == 0)

    // Another herald process adds a block.
    let command = try SQLiteStore(path: path)
    try command.addFocusBlock(id: "b1", title: "New", start: start + 900, end: start + 1800)
    clock.advance(by: 1)  // one poll interval
    try await daemon.tick()
    #expect(await daemon.pendingCount == 1)
    clock.advance(by: 600)
    try await daemon.tick()
    #expect(recorder.ids == ["focus-block-start-b1"])
  }

  @Test func anUnansweredMovementReminderGetsAnUrgentFollowUpAndSnoozeComesBackStandard() async throws {
    let store = try SQLiteStore.inMemory()
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    try store.set(.progressReportEnabled, .bool(false))
    let clock = ManualClock(now: start)  // Monday 08:00 Berlin; first reminder 09:45
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()

    clock.advance(by: 6300)  // 09:45
    try await daemon.tick()
    #expect(recorder.ids == ["exercise-reminder"])
    #expect(recorder.lines.last?["interruptionLevel"] as? String == "timeSensitive")

    clock.advance(by: 600)  // 09:55: not answered
    try await daemon.tick()
    #expect(recorder.ids.last == "exercise-reminder-follow-up")
    #expect(recorder.lines.last?["interruptionLevel"] as? String == "timeSensitive")

    let reminder = try #require(
      Planner.plan(try store.planningState(timeZone: berlin), now: start, limits: .unlimited).pending.first)
    await daemon.perform(.snooze, on: reminder)
    clock.advance(by: 300)
    try await daemon.tick()
    #expect(recorder.ids.last == "exercise-reminder-snooze")
    #expect(recorder.lines.last?["interruptionLevel"] as? String == "active")
  }

  @Test func doneOnADueDateReminderCompletesTheTaskAndCancelsItsOtherReminder() async throws {
    let store = try SQLiteStore.inMemory()
    try store.set(.dueDateAdvanceReminderEnabled, .bool(true))
    // Due 17:00 Berlin today: morning at 09:00 (08:00Z), advance at 16:00 (15:00Z).
    _ = try store.addTask(id: "t1", title: "Report", due: Fixtures.instant("2026-11-23T16:00:00Z"))
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()
    clock.advance(by: 3600)
    try await daemon.tick()
    #expect(recorder.ids == ["due-date-morning-t1"])

    let morning = try #require(
      Planner.plan(try store.planningState(timeZone: berlin), now: start, limits: .unlimited).pending.first)
    await daemon.perform(.done, on: morning)
    #expect(try store.tasks().first?.completed == true)
    clock.advance(by: 8 * 3600)
    try await daemon.tick()
    #expect(recorder.ids == ["due-date-morning-t1"])
  }

  @Test func doneOnAMovementReminderMeansNoFollowUpAndCountsForTheDay() async throws {
    let store = try SQLiteStore.inMemory()
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    try await daemon.start()
    clock.advance(by: 6300)  // 09:45: the first reminder
    try await daemon.tick()
    let reminder = try #require(
      Planner.plan(try store.planningState(timeZone: berlin), now: start, limits: .unlimited).pending.first {
        $0.identifier == RegularMovementReminder.identifier
      })
    await daemon.perform(.done, on: reminder)
    clock.advance(by: 600)  // 09:55: the follow-up would have come now
    try await daemon.tick()
    #expect(recorder.ids == ["exercise-reminder"])
    #expect(try store.movementLog().progress == MovementProgress(delivered: 1, acknowledged: 1))
  }

  @Test func theRunLoopWaitsOnTheInjectedClock() async throws {
    let store = try SQLiteStore.inMemory()
    try store.addFocusBlock(id: "b1", title: "Deep Work", start: start + 600, end: start + 7200)
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let daemon = daemon(store, clock: clock, recorder: recorder)
    let running = Task { try await daemon.run() }
    defer { running.cancel() }

    for _ in 0..<10_000 where clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: 300)
    for _ in 0..<10_000 where recorder.ids.isEmpty { await Task.yield() }
    #expect(recorder.ids == ["focus-block-start-b1"])
  }
}
