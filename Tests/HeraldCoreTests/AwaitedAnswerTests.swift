import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Which reminders on screen have been answered: the core's rule the daemon withdraws by.
@Suite struct AwaitedAnswerTests {
  static let now = Fixtures.instant("2026-11-23T09:00:00Z")

  static func state(log: MovementLog?, tasks: [TodoItem] = []) -> PlanningState {
    PlanningState(
      timeZone: Fixtures.zone("UTC"), tasks: tasks,
      movement: log == nil ? nil : ScheduleTemplate.officeWorker.schedule,
      movementLog: log)
  }

  @Test func aMovementBreakIsAnsweredWhenMarkedDoneNotWhenSnoozed() {
    // Shown and not answered yet.
    #expect(!AwaitedAnswer.movementBreak.isGiven(in: Self.state(log: MovementLog(lastReminderAt: Self.now))))
    // Snoozed: the reminder stays until its repeat replaces it.
    let snoozed = MovementLog(lastReminderAt: Self.now, lastReminderAnswered: true, snoozedAt: Self.now + 60)
    #expect(!AwaitedAnswer.movementBreak.isGiven(in: Self.state(log: snoozed)))
    // Done (`herald ack`, the button): answered.
    let done = MovementLog(lastReminderAt: Self.now, lastReminderAnswered: true)
    #expect(AwaitedAnswer.movementBreak.isGiven(in: Self.state(log: done)))
    // The schedule removed: nothing left to answer.
    #expect(AwaitedAnswer.movementBreak.isGiven(in: Self.state(log: nil)))
  }

  @Test func aTaskIsAnsweredWhenDoneOrRemoved() {
    let open = Self.state(log: nil, tasks: [TodoItem(id: "t1", title: "Report")])
    let done = Self.state(log: nil, tasks: [TodoItem(id: "t1", title: "Report", completed: true)])
    #expect(!AwaitedAnswer.task(id: "t1").isGiven(in: open))
    #expect(AwaitedAnswer.task(id: "t1").isGiven(in: done))
    #expect(AwaitedAnswer.task(id: "t2").isGiven(in: open))
  }

  @Test func givenListsTheAnsweredSlotsInOrder() {
    let state = Self.state(
      log: MovementLog(lastReminderAt: Self.now, lastReminderAnswered: true),
      tasks: [TodoItem(id: "t1", title: "A", completed: true), TodoItem(id: "t2", title: "B")])
    let waiting: [String: AwaitedAnswer] = [
      "due-date-t2": .task(id: "t2"), "exercise-reminder": .movementBreak, "due-date-t1": .task(id: "t1"),
    ]
    #expect(AwaitedAnswer.given(waiting, in: state) == ["due-date-t1", "exercise-reminder"])
  }

  @Test func eachButtonHasItsCommand() {
    #expect(AwaitedAnswer.movementBreak.command(for: .snooze) == "herald snooze")
    #expect(AwaitedAnswer.movementBreak.command(for: .done) == "herald ack")
    #expect(AwaitedAnswer.task(id: "t1").command(for: .done) == "herald task done t1")
    #expect(AwaitedAnswer.task(id: "t1").command(for: .snooze) == nil)
    // An id a shell would take apart is quoted so that it reads back as it is.
    #expect(
      AwaitedAnswer.task(id: "my task's id").command(for: .done) == #"herald task done 'my task'\''s id'"#)
  }

  @Test func aDeliveryNamesTheCommandsOfItsButtons() {
    let content = NotificationContent(
      title: "Time to move", body: "Stand up.", categoryIdentifier: "movement")
    let notification = PlannedNotification(
      identifier: "exercise-reminder", content: content, fireDate: Self.now, now: Self.now)
    let movement = Delivery(
      notification: notification, deliveredAt: Self.now, late: false, actions: [.snooze, .done],
      awaiting: .movementBreak)
    #expect(movement.answerCommands == ["herald snooze", "herald ack"])
    let task = Delivery(
      notification: notification, deliveredAt: Self.now, late: false, actions: [.done],
      awaiting: .task(id: "t9"))
    #expect(task.answerCommands == ["herald task done t9"])
    #expect(Delivery(notification: notification, deliveredAt: Self.now, late: false).answerCommands.isEmpty)
  }
}
