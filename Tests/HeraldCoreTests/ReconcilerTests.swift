import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Desired against pending: removals for what vanished, additions for what is new or changed.
struct ReconcilerTests {
  let now = Fixtures.instant("2026-11-22T12:00:00Z")

  private func request(
    _ id: String, in minutes: Int, title: String = "T", from now: Date? = nil
  ) -> PlannedNotification {
    let planned = now ?? self.now
    let fireDate = self.now.addingTimeInterval(Double(minutes * 60))
    let content = NotificationContent(title: title, body: "B", categoryIdentifier: "test")
    return PlannedNotification(
      request: NotificationRequest(
        identifier: id, content: content,
        trigger: .timeInterval(seconds: Int(fireDate.timeIntervalSince(planned).rounded(.up)))),
      fireDate: fireDate)
  }

  @Test func nothingChangedYieldsNothing() {
    let desired = [request("a", in: 10), request("b", in: 20)]
    let changes = Reconciler.changes(desired: desired, pending: desired.reversed())
    #expect(changes.isEmpty)
    #expect(Reconciler.changes(desired: [], pending: []).isEmpty)
  }

  @Test func replanningLaterIsNotAChange() {
    // The same reminder planned a minute later has fewer interval seconds but the same fire date.
    let pending = [request("a", in: 10)]
    let replanned = [request("a", in: 10, from: now.addingTimeInterval(60))]
    #expect(pending.first?.request.trigger != replanned.first?.request.trigger)
    #expect(Reconciler.changes(desired: replanned, pending: pending).isEmpty)
  }

  @Test func vanishedIDsAreRemovedSorted() {
    let pending = [request("c", in: 5), request("a", in: 10), request("b", in: 20)]
    let changes = Reconciler.changes(desired: [request("b", in: 20)], pending: pending)
    #expect(changes.removals == ["a", "c"])
    #expect(changes.additions.isEmpty)
  }

  @Test func newAndChangedAreAdded() {
    let pending = [request("moved", in: 10), request("renamed", in: 20), request("same", in: 30)]
    let desired = [
      request("same", in: 30), request("new", in: 40), request("renamed", in: 20, title: "Other"),
      request("moved", in: 15),
    ]
    let changes = Reconciler.changes(desired: desired, pending: pending)
    #expect(changes.removals.isEmpty)
    // Soonest first, then by id.
    #expect(changes.additions.map(\.identifier) == ["moved", "renamed", "new"])
    #expect(changes.additions.first?.fireDate == now.addingTimeInterval(900))
  }

  @Test func calendarTriggerChangeIsAChangeEvenAtTheSameInstant() {
    let base = request("m", in: 60)
    var floating = base
    floating.request.trigger = .calendar(
      .init(year: 2026, month: 11, day: 22, hour: 14, minute: 0), repeats: false)
    var other = floating
    other.request.trigger = .calendar(
      .init(year: 2026, month: 11, day: 22, hour: 13, minute: 0), repeats: false)
    #expect(Reconciler.changes(desired: [floating], pending: [floating]).isEmpty)
    #expect(Reconciler.changes(desired: [other], pending: [floating]).additions == [other])
    #expect(Reconciler.changes(desired: [floating], pending: [base]).additions == [floating])
  }

  @Test func ownsLeavesForeignIDsAlone() {
    let pending = [request("due-date-morning-t1", in: 10), request("exercise-reminder-snooze", in: 5)]
    let changes = Reconciler.changes(desired: [], pending: pending, owns: DueDateReminders.owns)
    #expect(changes.removals == ["due-date-morning-t1"])
    // Without scoping, the snooze would go too.
    #expect(
      Reconciler.changes(desired: [], pending: pending).removals == [
        "due-date-morning-t1", "exercise-reminder-snooze",
      ])
  }

  @Test func reconcileAppliesChangesAndIsIdempotent() async throws {
    let center = InMemoryNotificationCenter()
    let foreign = request("exercise-reminder-snooze", in: 5)
    await center.add(foreign)
    await center.add(request("due-date-advance-old", in: 50))

    let desired = [request("due-date-morning-t1", in: 30), request("due-date-advance-t1", in: 40)]
    let first = try await Reconciler.reconcile(center, desired: desired, owns: DueDateReminders.owns)
    #expect(first.removals == ["due-date-advance-old"])
    #expect(first.additions.map(\.identifier) == ["due-date-morning-t1", "due-date-advance-t1"])
    #expect(
      await Fixtures.pendingIdentifiers(center) == [
        "exercise-reminder-snooze", "due-date-morning-t1", "due-date-advance-t1",
      ])

    let second = try await Reconciler.reconcile(center, desired: desired, owns: DueDateReminders.owns)
    #expect(second.isEmpty)
    #expect(await center.pendingNotifications().contains(foreign))
  }

  @Test func deliveredRequestsAreNotPendingAnyMore() async throws {
    let center = InMemoryNotificationCenter()
    try await Reconciler.reconcile(center, desired: [request("a", in: 10), request("b", in: 20)])
    let shown = await center.deliverDue(at: now.addingTimeInterval(600))
    #expect(shown.map(\.notification.identifier) == ["a"])
    #expect(await Fixtures.pendingIdentifiers(center) == ["b"])
    // The next plan no longer wants "a" (it fired), so nothing is removed and nothing re-added.
    #expect(try await Reconciler.reconcile(center, desired: [request("b", in: 20)]).isEmpty)
  }
}
