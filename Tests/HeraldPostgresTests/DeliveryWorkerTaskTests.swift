import Foundation
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Testing

/// A task's reminder as a worker delivers it: its task found by the id its request names, not by
/// its place in the list (which moves when an earlier task is removed), and only the tasks a
/// claim's rows name read — what a delivery reads does not grow with the user's tasks.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DeliveryWorkerTaskTests {
  /// 09:00 in Berlin, when the morning reminders of the tasks due that day fire.
  static let morning = Fixtures.instant("2026-11-23T08:00:00Z")

  /// Three tasks due at noon (their morning reminders all at 09:00) and one due the next day.
  static let scenario = """
    {
      "timeZone": "Europe/Berlin", "locale": "de",
      "tasks": [
        {"id": "t1", "title": "Erster", "due": "2026-11-23T12:00:00+01:00"},
        {"id": "t2", "title": "Zweiter <b>", "due": "2026-11-23T12:00:00+01:00"},
        {"id": "t3", "title": "Dritter", "due": "2026-11-23T12:00:00+01:00"},
        {"id": "t4", "title": "Morgen", "due": "2026-11-24T12:00:00+01:00"}
      ]
    }
    """

  /// The first task removed while the three morning reminders are due and not yet claimed: the
  /// rows of the other two were planned at positions 1 and 2, which now hold t3 and t4. Each is
  /// still delivered for its own task, and the removed task's is withdrawn.
  @Test func aTasksDueReminderIsItsOwnAfterAnEarlierTaskIsRemoved() async throws {
    try await DeliveryWorkerTests().withWorker(scenario: Self.scenario) {
      worker, clock, receiver, store, url in
      clock.advance(by: Self.morning.timeIntervalSince(DeliveryWorkerTests.start) + 0.5)
      let ada = try await store.user(named: "ada").id
      try await store.data(ofUser: ada, now: { clock.now() }).removeTask(id: "t1")
      #expect(try await worker.deliverDue() == 3)
      let requests = receiver.requests(count: 2).sorted { $0.id < $1.id }
      #expect(
        requests.map(\.id) == [
          "ada:due-date-morning-t2:2026-11-23T08:00:00.000Z",
          "ada:due-date-morning-t3:2026-11-23T08:00:00.000Z",
        ])
      #expect(
        requests.map { $0.body["body"] } == [
          .string("Zweiter <b> — pack ihn in einen Sprint"), .string("Dritter — pack ihn in einen Sprint"),
        ])
      #expect(
        try await TestDatabase.column(
          url, "SELECT request_id FROM delivery WHERE status = 'delivered' ORDER BY request_id")
          == ["due-date-morning-t2", "due-date-morning-t3"])
    }
  }

  /// After a change (a task added moves the user's version on) a worker reads the user's document
  /// and the task its row names, not every task: a damaged row of another task does not stop the
  /// delivery, as it did when each delivery after a change read the whole list.
  @Test func aDeliveryAfterAChangeReadsOnlyTheTaskItsRowNames() async throws {
    try await DeliveryWorkerTests().withWorker(scenario: Self.scenario) {
      worker, clock, receiver, store, url in
      let ada = try await store.user(named: "ada").id
      try await store.data(ofUser: ada, now: { clock.now() }).addTask(
        id: "t5", title: "Neu", due: nil, completed: false)
      try await TestDatabase.admin(url, "UPDATE user_task SET body = '{' WHERE id = 't4'")
      clock.advance(by: Self.morning.timeIntervalSince(DeliveryWorkerTests.start))
      #expect(try await worker.deliverDue() == 3)
      #expect(receiver.requests(count: 3).count == 3)
      #expect(
        try await TestDatabase.column(url, "SELECT count(*)::text FROM delivery WHERE status = 'delivered'")
          == ["3"])
    }
  }
}
