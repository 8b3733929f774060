import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 000: the reminder before a focus block starts, and its cancel/update through reconciliation.
struct FocusBlockStartReminderTests {
  let now = Fixtures.instant("2026-11-22T12:00:00Z")

  /// What the planner wants for `blocks` alone.
  private func desired(_ blocks: [FocusBlock], lead: Int = 5, language: Language = .de)
    -> [PlannedNotification]
  {
    let settings = Fixtures.settings([.focusBlockLeadMinutes: .int(lead)])
    let state = PlanningState(
      timeZone: Fixtures.zone("UTC"), language: language, settings: settings, focusBlocks: blocks)
    return Planner.plan(state, now: now, limits: .unlimited).pending
  }

  // MARK: The spec's test table

  @Test func testScheduleNotificationContent() throws {
    // Given a block an hour away, when its reminder is planned with the default lead of 5 minutes
    let start = Fixtures.instant("2026-11-22T13:00:00Z")
    let de = try #require(
      FocusBlockStartReminder.request(blockID: "b1", blockTitle: "Deep Work", startDate: start, now: now))
    let en = try #require(
      FocusBlockStartReminder.request(
        blockID: "b1", blockTitle: "Deep Work", startDate: start, now: now, language: .en))

    // Then it says "soon", 5 minutes ahead, in either language
    #expect(de.content.title == "Focus Block startet gleich")
    #expect(de.content.body == "Deep Work beginnt in 5 Minuten")
    #expect(en.content.title == "Focus block starts soon")
    #expect(en.content.body == "Deep Work starts in 5 minutes")
    for request in [de, en] {
      #expect(request.fireDate == Fixtures.instant("2026-11-22T12:55:00Z"))
      #expect(request.request.trigger == .timeInterval(seconds: 3300))
      #expect(request.content.sound == .default)
      #expect(request.content.interruptionLevel == .active)
      #expect(request.content.categoryIdentifier == "focus-block-start")
      #expect(request.content.userInfo == ["blockID": "b1"])
    }
  }

  @Test func testNotificationNotScheduledForPastBlock() {
    // A block that started a minute ago, or an hour ago: nothing to remind of.
    for start in [now.addingTimeInterval(-60), now.addingTimeInterval(-3600)] {
      #expect(
        FocusBlockStartReminder.request(blockID: "b1", blockTitle: "Old", startDate: start, now: now) == nil)
    }
  }

  @Test func testNotificationAtStartIfLessThan5Min() throws {
    // Given a block 3 minutes away, the 5-minute mark has passed: the reminder fires at the start.
    let start = now.addingTimeInterval(180)
    let de = try #require(
      FocusBlockStartReminder.request(blockID: "b1", blockTitle: "Deep Work", startDate: start, now: now))
    let en = try #require(
      FocusBlockStartReminder.request(
        blockID: "b1", blockTitle: "Deep Work", startDate: start, now: now, language: .en))

    #expect(de.fireDate == start)
    #expect(de.request.trigger == .timeInterval(seconds: 180))
    #expect(de.content.title == "Focus Block startet jetzt")
    #expect(de.content.body == "Deep Work beginnt jetzt")
    #expect(en.fireDate == start)
    #expect(en.content.title == "Focus block starts now")
    #expect(en.content.body == "Deep Work starts now")
  }

  @Test func testCancelNotification() async throws {
    // Given two blocks whose reminders are pending
    let center = InMemoryNotificationCenter()
    let b1 = Fixtures.block("b1", start: Fixtures.instant("2026-11-22T14:00:00Z"))
    let b2 = Fixtures.block("b2", title: "Review", start: Fixtures.instant("2026-11-22T16:00:00Z"))
    try await Reconciler.reconcile(center, desired: desired([b1, b2]))
    #expect(await Fixtures.pendingIdentifiers(center) == ["focus-block-start-b1", "focus-block-start-b2"])

    // When b1 is deleted and the plan reconciled
    let changes = try await Reconciler.reconcile(center, desired: desired([b2]))

    // Then b1's pending request is gone and b2's is untouched
    #expect(changes.removals == ["focus-block-start-b1"])
    #expect(changes.additions.isEmpty)
    #expect(await Fixtures.pendingIdentifiers(center) == ["focus-block-start-b2"])
  }

  @Test func testNotificationIdentifierFormat() throws {
    for blockID in ["b1", "ABC-123", "x-apple-eventkit:4F2E"] {
      let request = try #require(
        FocusBlockStartReminder.request(
          blockID: blockID, blockTitle: "T", startDate: now.addingTimeInterval(3600), now: now))
      #expect(request.identifier == "focus-block-start-\(blockID)")
      #expect(FocusBlockStartReminder.identifier(forBlockID: blockID) == "focus-block-start-\(blockID)")
    }
  }

  // MARK: Beyond the table

  @Test func leadZeroSaysNow() throws {
    let block = Fixtures.block("b1", start: Fixtures.instant("2026-11-22T13:00:00Z"))
    let request = try #require(desired([block], lead: 0).first)
    #expect(request.fireDate == block.start)
    #expect(request.content.title == "Focus Block startet jetzt")
    #expect(request.content.body == "Deep Work beginnt jetzt")
  }

  @Test func leadIsConfigurable() throws {
    let block = Fixtures.block("b1", start: Fixtures.instant("2026-11-22T13:00:00Z"))
    let de = try #require(desired([block], lead: 15).first)
    let en = try #require(desired([block], lead: 15, language: .en).first)
    #expect(de.fireDate == Fixtures.instant("2026-11-22T12:45:00Z"))
    #expect(de.request.trigger == .timeInterval(seconds: 2700))
    #expect(de.content.title == "Focus Block startet gleich")
    #expect(de.content.body == "Deep Work beginnt in 15 Minuten")
    #expect(en.content.body == "Deep Work starts in 15 minutes")
  }

  @Test func notifyMomentEqualToNowFallsBackToStart() throws {
    // start − lead == now is not after now, so the reminder waits for the start itself.
    let start = now.addingTimeInterval(300)
    let request = try #require(
      FocusBlockStartReminder.request(blockID: "b1", blockTitle: "Deep Work", startDate: start, now: now))
    #expect(request.fireDate == start)
    #expect(request.content.title == "Focus Block startet jetzt")

    // One second more and the 5-minute mark is still ahead.
    let later = try #require(
      FocusBlockStartReminder.request(
        blockID: "b1", blockTitle: "Deep Work", startDate: start.addingTimeInterval(1), now: now))
    #expect(later.fireDate == now.addingTimeInterval(1))
    #expect(later.content.title == "Focus Block startet gleich")
  }

  @Test func fireDateEqualToNowGivesNoRequest() {
    for lead in [0, 5, 120] {
      #expect(
        FocusBlockStartReminder.request(
          blockID: "b1", blockTitle: "Deep Work", startDate: now, minutesBefore: lead, now: now) == nil)
    }
  }

  @Test func intervalSecondsRoundUpSoTheReminderNeverFiresEarly() throws {
    let now = Fixtures.instant("2026-11-22T12:00:00.250Z")
    let request = try #require(
      FocusBlockStartReminder.request(
        blockID: "b1", blockTitle: "T", startDate: Fixtures.instant("2026-11-22T13:00:00Z"), now: now))
    #expect(request.request.trigger == .timeInterval(seconds: 3300))
  }

  @Test func editingStartReplacesOnlyThatRequest() async throws {
    // Given two pending reminders
    let center = InMemoryNotificationCenter()
    var b1 = Fixtures.block("b1", start: Fixtures.instant("2026-11-22T14:00:00Z"))
    let b2 = Fixtures.block("b2", title: "Review", start: Fixtures.instant("2026-11-22T16:00:00Z"))
    try await Reconciler.reconcile(center, desired: desired([b1, b2]))
    let b2Before = try #require(
      await center.pendingNotifications().first { $0.identifier == "focus-block-start-b2" })

    // When b1 moves an hour later
    b1.start = Fixtures.instant("2026-11-22T15:00:00Z")
    b1.end = b1.start.addingTimeInterval(5400)
    let changes = try await Reconciler.reconcile(center, desired: desired([b1, b2]))

    // Then its request is replaced under the same id, with the new fire date; b2's is left alone
    #expect(changes.removals.isEmpty)
    #expect(changes.additions.map(\.identifier) == ["focus-block-start-b1"])
    let pending = await center.pendingNotifications()
    #expect(pending.map(\.identifier) == ["focus-block-start-b1", "focus-block-start-b2"])
    #expect(pending.first?.fireDate == Fixtures.instant("2026-11-22T14:55:00Z"))
    #expect(pending.last == b2Before)

    // And reconciling the same plan again changes nothing
    #expect(try await Reconciler.reconcile(center, desired: desired([b1, b2])).isEmpty)
  }
}
