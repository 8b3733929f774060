import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 001's edge cases: completion, deletion, edits, settings, recurring tasks, floating triggers.
extension DueDateRemindersTests {
  var task: TodoItem {
    TodoItem(id: "t1", title: "Steuererklärung", due: Fixtures.instant("2026-11-24T17:00:00+01:00"))
  }

  private func ids(_ requests: [PlannedNotification]) -> [String] { requests.map(\.identifier).sorted() }

  @Test func completedTaskGetsNoRequestsAndCompletingCancelsBoth() async throws {
    let both = settings(morning: true, advance: true)
    let center = InMemoryNotificationCenter()
    try await Reconciler.reconcile(center, desired: desired([task], both), owns: DueDateReminders.owns)
    #expect(await Fixtures.pendingIdentifiers(center) == ["due-date-morning-t1", "due-date-advance-t1"])

    // When the task is completed
    var completed = task
    completed.completed = true
    #expect(desired([completed], both).isEmpty)
    let changes = try await Reconciler.reconcile(
      center, desired: desired([completed], both), owns: DueDateReminders.owns)

    // Then both of its requests are removed
    #expect(changes.removals == ["due-date-advance-t1", "due-date-morning-t1"])
    #expect(changes.additions.isEmpty)
    #expect(await center.pendingNotifications().isEmpty)
  }

  @Test func deletingTaskCancelsBothAndLeavesOthers() async throws {
    let both = settings(morning: true, advance: true)
    let other = TodoItem(id: "t2", title: "Other", due: Fixtures.instant("2026-11-25T17:00:00+01:00"))
    let center = InMemoryNotificationCenter()
    try await Reconciler.reconcile(
      center, desired: desired([task, other], both), owns: DueDateReminders.owns)

    let changes = try await Reconciler.reconcile(
      center, desired: desired([other], both), owns: DueDateReminders.owns)

    #expect(changes.removals == ["due-date-advance-t1", "due-date-morning-t1"])
    #expect(await Fixtures.pendingIdentifiers(center) == ["due-date-morning-t2", "due-date-advance-t2"])
  }

  @Test func changingDueDateUpdatesBoth() async throws {
    let both = settings(morning: true, advance: true)
    let center = InMemoryNotificationCenter()
    try await Reconciler.reconcile(center, desired: desired([task], both), owns: DueDateReminders.owns)

    // When the due date moves a day later
    var moved = task
    moved.due = Fixtures.instant("2026-11-25T17:00:00+01:00")
    let changes = try await Reconciler.reconcile(
      center, desired: desired([moved], both), owns: DueDateReminders.owns)

    // Then both requests are replaced under their ids, at the new times
    #expect(changes.removals.isEmpty)
    #expect(ids(changes.additions) == ["due-date-advance-t1", "due-date-morning-t1"])
    let pending = await center.pendingNotifications()
    #expect(
      pending.map(\.fireDate) == [
        Fixtures.instant("2026-11-25T08:00:00Z"), Fixtures.instant("2026-11-25T15:00:00Z"),
      ])
    let components = WallClockComponents(year: 2026, month: 11, day: 25, hour: 9, minute: 0)
    #expect(pending.first?.request.trigger == .calendar(components, repeats: false))
  }

  @Test(arguments: [
    (AdvanceLeadTime.fifteenMinutes, "15 Minuten", "15 minutes"),
    (.thirtyMinutes, "30 Minuten", "30 minutes"),
    (.oneHour, "1 Stunde", "1 hour"),
    (.twoHours, "2 Stunden", "2 hours"),
    (.oneDay, "1 Tag", "1 day"),
  ])
  func advanceBodyNamesTheLead(lead: AdvanceLeadTime, german: String, english: String) throws {
    let due = task.due ?? now
    let de = try #require(
      DueDateReminders.buildDueDateAdvanceRequest(
        taskID: "t1", title: "X", dueDate: due, advanceMinutes: lead, now: now))
    let en = try #require(
      DueDateReminders.buildDueDateAdvanceRequest(
        taskID: "t1", title: "X", dueDate: due, advanceMinutes: lead, now: now, language: .en))
    #expect(de.content.body == "X ist in \(german) fällig")
    #expect(en.content.body == "X is due in \(english)")
    #expect(de.fireDate == due.addingTimeInterval(-Double(lead.rawValue * 60)))
  }

  @Test func settingsTogglesAreIndependent() {
    #expect(ids(desired([task], settings(morning: true, advance: false))) == ["due-date-morning-t1"])
    #expect(ids(desired([task], settings(morning: false, advance: true))) == ["due-date-advance-t1"])
    #expect(
      ids(desired([task], settings(morning: true, advance: true))) == [
        "due-date-advance-t1", "due-date-morning-t1",
      ])
    #expect(desired([task], settings(morning: false, advance: false)).isEmpty)
  }

  @Test func morningTimeComesFromSettings() throws {
    var custom = settings()
    try custom.set(.dueDateMorningReminderHour, to: .int(7))
    try custom.set(.dueDateMorningReminderMinute, to: .int(45))
    let request = try #require(desired([task], custom).first)
    #expect(request.fireDate == Fixtures.instant("2026-11-24T06:45:00Z"))
    #expect(
      request.request.trigger
        == .calendar(.init(year: 2026, month: 11, day: 24, hour: 7, minute: 45), repeats: false))
  }

  @Test func morningAlreadyPassedLeavesOnlyTheAdvance() {
    // It is 10:00 on the due day, the task is due at 18:00: the 09:00 reminder is gone, the advance is not.
    let late = Fixtures.instant("2026-11-24T10:00:00+01:00")
    let due = Fixtures.instant("2026-11-24T18:00:00+01:00")
    #expect(morning(due: due, at: late) == nil)
    #expect(advance(due: due, at: late)?.fireDate == Fixtures.instant("2026-11-24T16:00:00Z"))
  }

  @Test func recurringInstancesGetTheirOwnRequests() {
    // A weekly task, stored as one item per instance.
    let instances = (0..<3).map { week in
      TodoItem(
        id: "weekly-report@\(week)", title: "Weekly report",
        due: Fixtures.instant("2026-11-27T16:00:00+01:00").addingTimeInterval(Double(week) * 7 * 86_400))
    }
    let requests = desired(instances, settings(morning: true, advance: true))
    #expect(requests.count == 6)
    #expect(Set(requests.map(\.identifier)).count == 6)
    for instance in instances {
      #expect(requests.contains { $0.identifier == "due-date-morning-\(instance.id)" })
      #expect(requests.contains { $0.identifier == "due-date-advance-\(instance.id)" })
    }
    let mornings = requests.filter { $0.identifier.hasPrefix("due-date-morning-") }.map(\.fireDate)
    #expect(
      mornings == [
        Fixtures.instant("2026-11-27T08:00:00Z"), Fixtures.instant("2026-12-04T08:00:00Z"),
        Fixtures.instant("2026-12-11T08:00:00Z"),
      ])
  }

  @Test func morningTriggerIsFloatingWallClock() throws {
    // Due at 00:30 Berlin on the 24th, i.e. the 23rd in UTC: the day is the zone's day, 24th.
    let due = Fixtures.instant("2026-11-23T23:30:00Z")
    let early = settings()
    var atMidnight = early
    try atMidnight.set(.dueDateMorningReminderHour, to: .int(0))
    try atMidnight.set(.dueDateMorningReminderMinute, to: .int(15))
    let request = try #require(desired([TodoItem(id: "n", title: "Night", due: due)], atMidnight).first)
    guard case .calendar(let components, let repeats) = request.request.trigger else {
      Issue.record("expected a calendar trigger, got \(request.request.trigger)")
      return
    }
    #expect(!repeats)
    #expect(components == WallClockComponents(year: 2026, month: 11, day: 24, hour: 0, minute: 15))
    #expect(request.fireDate == Fixtures.instant("2026-11-23T23:15:00Z"))
    // With 09:00 the reminder would come after the due time: none.
    #expect(desired([TodoItem(id: "n", title: "Night", due: due)], early).isEmpty)
  }

  @Test func morningReminderFollowsTheZone() throws {
    // Due at 22:00Z on the 23rd: that is the 23rd both in Berlin (23:00) and in New York (17:00).
    let due = Fixtures.instant("2026-11-23T22:00:00Z")
    func morning(_ calendar: Calendar) throws -> PlannedNotification {
      try #require(
        DueDateReminders.buildDueDateMorningRequest(
          taskID: "t1", title: "T", dueDate: due, morningHour: 9, morningMinute: 0, now: now,
          zone: calendar.zone))
    }
    let inBerlin = try morning(Fixtures.berlin)
    let inNewYork = try morning(Fixtures.newYork)
    #expect(inBerlin.fireDate == Fixtures.instant("2026-11-23T08:00:00Z"))
    #expect(inNewYork.fireDate == Fixtures.instant("2026-11-23T14:00:00Z"))
    let components = WallClockComponents(year: 2026, month: 11, day: 23, hour: 9, minute: 0)
    #expect(inBerlin.request.trigger == .calendar(components, repeats: false))
    #expect(inNewYork.request.trigger == inBerlin.request.trigger)
  }
}
