// swift-format-ignore-file: AlwaysUseLowerCamelCase
import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 001: the morning and advance reminders of a task's due date, and the iOS batch.
struct DueDateRemindersTests {
  /// Sunday evening in Berlin.
  let now = Fixtures.instant("2026-11-22T20:00:00+01:00")
  let berlin = Fixtures.berlin

  func settings(morning: Bool = true, advance: Bool = false, lead: AdvanceLeadTime = .oneHour) -> Settings {
    var settings = Settings()
    settings.dueDateMorningReminderEnabled = morning
    settings.dueDateAdvanceReminderEnabled = advance
    settings.dueDateAdvanceReminderMinutes = lead
    return settings
  }

  /// What the planner wants for `tasks` alone, with at most `limit` tasks in the batch.
  func desired(_ tasks: [TodoItem], _ settings: Settings, limit: Int? = nil) -> [PlannedNotification] {
    let state = PlanningState(timeZone: berlin.zone, settings: settings, tasks: tasks)
    let limits = Limits(
      maximumPending: nil, dueDateTaskBatch: limit, monitoredRegions: nil, liveActivityMaximumDuration: nil)
    return Planner.plan(state, now: now, limits: limits).pending
  }

  /// The spec's `buildDueDateMorningRequest` for a task "T" in Berlin.
  func morning(due: Date, hour: Int = 9, at now: Date? = nil) -> PlannedNotification? {
    DueDateReminders.buildDueDateMorningRequest(
      taskID: "t1", title: "T", dueDate: due, morningHour: hour, morningMinute: 0, now: now ?? self.now,
      zone: berlin.zone)
  }

  /// The spec's `buildDueDateAdvanceRequest` for a task "T".
  func advance(due: Date, lead: AdvanceLeadTime = .oneHour, at now: Date? = nil) -> PlannedNotification? {
    DueDateReminders.buildDueDateAdvanceRequest(
      taskID: "t1", title: "T", dueDate: due, advanceMinutes: lead, now: now ?? self.now)
  }

  /// Tasks t01…t{count}, t{k} due on day k after `now` at 18:00 Berlin time.
  func tasks(_ count: Int) -> [TodoItem] {
    (1...count).map { k in
      let id = "t" + (k < 10 ? "0\(k)" : "\(k)")
      return TodoItem(id: id, title: "Task \(k)", due: now.addingTimeInterval(Double(k) * 86_400 - 7200))
    }
  }

  // MARK: The spec's test table

  @Test func buildDueDateMorningRequest_normalCase() throws {
    // Given a task due tomorrow at 18:00, morning hour 9
    let due = Fixtures.instant("2026-11-23T18:00:00+01:00")
    let de = try #require(
      DueDateReminders.buildDueDateMorningRequest(
        taskID: "t1", title: "Steuererklärung", dueDate: due, morningHour: 9, morningMinute: 0, now: now,
        zone: berlin.zone))
    let en = try #require(
      DueDateReminders.buildDueDateMorningRequest(
        taskID: "t1", title: "Steuererklärung", dueDate: due, morningHour: 9, morningMinute: 0, now: now,
        zone: berlin.zone, language: .en))

    // Then a calendar trigger for 09:00 tomorrow, with the spec's texts
    let components = WallClockComponents(year: 2026, month: 11, day: 23, hour: 9, minute: 0)
    #expect(de.request.trigger == .calendar(components, repeats: false))
    #expect(de.fireDate == Fixtures.instant("2026-11-23T08:00:00Z"))
    #expect(de.identifier == "due-date-morning-t1")
    #expect(de.content.title == "Heute fällig")
    #expect(de.content.body == "Steuererklärung — pack ihn in einen Sprint")
    #expect(en.content.title == "Due today")
    #expect(en.content.body == "Steuererklärung — put it into a sprint")
    for request in [de, en] {
      #expect(request.content.categoryIdentifier == "due-date-morning")
      #expect(request.content.interruptionLevel == .active)
      #expect(request.content.sound == .default)
    }
  }

  @Test func buildDueDateMorningRequest_pastDueDate() {
    // Due yesterday, or due right now: nothing to remind of.
    #expect(morning(due: now.addingTimeInterval(-86_400)) == nil)
    #expect(morning(due: now) == nil)
  }

  @Test func buildDueDateMorningRequest_morningAfterDueDate() {
    // Due today at 08:00 (or exactly at 09:00): the 09:00 reminder would not come before the due date.
    let early = Fixtures.instant("2026-11-23T06:00:00+01:00")
    #expect(morning(due: Fixtures.instant("2026-11-23T08:00:00+01:00"), at: early) == nil)
    #expect(morning(due: Fixtures.instant("2026-11-23T09:00:00+01:00"), at: early) == nil)
    // One minute later, the reminder comes before the due date.
    #expect(morning(due: Fixtures.instant("2026-11-23T09:01:00+01:00"), at: early) != nil)
  }

  @Test func buildDueDateAdvanceRequest_normalCase() throws {
    // Given a task due in 2 hours and a lead of 60 minutes
    let due = now.addingTimeInterval(7200)
    let de = try #require(
      DueDateReminders.buildDueDateAdvanceRequest(
        taskID: "t1", title: "Steuererklärung", dueDate: due, advanceMinutes: .oneHour, now: now))
    let en = try #require(
      DueDateReminders.buildDueDateAdvanceRequest(
        taskID: "t1", title: "Steuererklärung", dueDate: due, advanceMinutes: .oneHour, now: now,
        language: .en))

    // Then an interval trigger one hour from now
    #expect(de.request.trigger == .timeInterval(seconds: 3600))
    #expect(de.fireDate == now.addingTimeInterval(3600))
    #expect(de.identifier == "due-date-advance-t1")
    #expect(de.content.title == "Steuererklärung")
    #expect(de.content.body == "Steuererklärung ist in 1 Stunde fällig")
    #expect(en.content.title == "Steuererklärung")
    #expect(en.content.body == "Steuererklärung is due in 1 hour")
    #expect(de.content.categoryIdentifier == "due-date-advance")
    #expect(de.content.interruptionLevel == .active)
    #expect(de.content.sound == .default)
  }

  @Test func buildDueDateAdvanceRequest_pastDueDate() {
    #expect(advance(due: now.addingTimeInterval(-86_400)) == nil)
    #expect(advance(due: now, lead: .fifteenMinutes) == nil)
  }

  @Test func buildDueDateAdvanceRequest_advanceLargerThanRemaining() {
    // Due in 30 minutes with a 60-minute lead; and the boundary, due in exactly 60 minutes.
    #expect(advance(due: now.addingTimeInterval(1800)) == nil)
    #expect(advance(due: now.addingTimeInterval(3600)) == nil)
    #expect(advance(due: now.addingTimeInterval(3601))?.request.trigger == .timeInterval(seconds: 1))
  }

  @Test func rescheduleAllDueDateNotifications_respectsMaxLimit() async throws {
    // Given 30 open tasks due in the future, both reminders on
    let all = tasks(30)
    let both = settings(morning: true, advance: true)

    // Through the planner under iOS limits: only the 25 nearest tasks get requests
    let plan = Planner.plan(
      PlanningState(timeZone: berlin.zone, settings: both, tasks: Fixtures.scrambled(all)), now: now,
      limits: .iOS)
    let planned = plan.pending + plan.deferred
    #expect(planned.count == 50)
    #expect(Set(planned.compactMap { $0.content.userInfo["taskID"] }) == Set(all.prefix(25).map(\.id)))
    let unlimited = Planner.plan(
      PlanningState(timeZone: berlin.zone, settings: both, tasks: all), now: now, limits: .unlimited)
    #expect(unlimited.pending.count == 60)

    // Through the batch and a scheduler that holds stale due-date requests and a foreign one
    let center = InMemoryNotificationCenter()
    let stale = try #require(desired([TodoItem(id: "gone", title: "Gone", due: now + 86_400)], both).first)
    let foreign = try #require(
      FocusBlockStartReminder.request(blockID: "b1", blockTitle: "B", startDate: now + 3600, now: now))
    await center.add(stale)
    await center.add(foreign)
    try await Reconciler.reconcile(
      center, desired: desired(all, both, limit: Limits.iOS.dueDateTaskBatch), owns: DueDateReminders.owns)

    let pending = await center.pendingNotifications()
    let taskIDs = Set(pending.compactMap { $0.content.userInfo["taskID"] })
    #expect(taskIDs == Set(all.prefix(25).map(\.id)))
    #expect(pending.count == 51)
    #expect(pending.contains { $0.identifier == "focus-block-start-b1" })
    #expect(!pending.contains { $0.identifier.hasSuffix("-gone") })
  }

  @Test func rescheduleAllDueDateNotifications_sortsByNearestDueDate() {
    // Given tasks in no particular order, two of them due at the same instant
    let tie = now.addingTimeInterval(3 * 86_400)
    let list = [
      TodoItem(id: "far", title: "F", due: now.addingTimeInterval(9 * 86_400)),
      TodoItem(id: "tie-b", title: "B", due: tie),
      TodoItem(id: "near", title: "N", due: now.addingTimeInterval(86_400)),
      TodoItem(id: "done", title: "D", due: now.addingTimeInterval(3600), completed: true),
      TodoItem(id: "past", title: "P", due: now.addingTimeInterval(-3600)),
      TodoItem(id: "none", title: "-"),
      TodoItem(id: "tie-a", title: "A", due: tie),
    ]

    // Then the nearest come first, ties by id, and the limit cuts from the far end
    #expect(
      DueDateReminders.batch(list, now: now, limit: nil).map(\.id) == ["near", "tie-a", "tie-b", "far"])
    #expect(DueDateReminders.batch(list, now: now, limit: 2).map(\.id) == ["near", "tie-a"])

    // Through the planner: of 26 tasks, the one left out is the farthest, or the larger id of a tie
    var many = tasks(24)
    many += [
      TodoItem(id: "z-last", title: "Z", due: tie + 40 * 86_400),
      TodoItem(id: "a-last", title: "A", due: tie + 40 * 86_400),
    ]
    let plan = Planner.plan(
      PlanningState(timeZone: berlin.zone, tasks: many.reversed()), now: now, limits: .iOS)
    let served = Set(plan.pending.compactMap { $0.content.userInfo["taskID"] })
    #expect(served.count == 25)
    #expect(served.contains("a-last"))
    #expect(!served.contains("z-last"))
  }
}
