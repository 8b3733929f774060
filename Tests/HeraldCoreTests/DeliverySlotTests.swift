import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// What the kinds say about a reminder on screen: its slot (what it replaces), the answer it
/// waits for, and its text shortened for display while the request keeps the title whole.
@Suite struct DeliverySlotTests {
  static let now = Fixtures.instant("2026-11-23T08:00:00Z")
  static let longTitle = "Quarterly review " + String(repeating: "word ", count: 96)

  /// The due reminder of each kind planned in `state`, by request id.
  static func due(_ state: PlanningState, at now: Date = now) -> [String: DueReminder] {
    let context = PlanningContext(state: state, now: now, limits: .unlimited)
    var byID: [String: DueReminder] = [:]
    for reminder in Planner.schedule(context) {
      let due = Planner.due(reminder, in: context)
      byID[due.notification.identifier] = due
    }
    return byID
  }

  @Test func aTasksDueDateRemindersShareOneSlotAndWaitForIt() throws {
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    let state = PlanningState(
      timeZone: Fixtures.zone("UTC"), settings: settings,
      tasks: [TodoItem(id: "t1", title: "Report", due: Self.now + 6 * 3600)])
    let due = Self.due(state)
    let morning = try #require(due["due-date-morning-t1"])
    let advance = try #require(due["due-date-advance-t1"])
    #expect(morning.slot == "due-date-t1")
    #expect(advance.slot == "due-date-t1")
    #expect(morning.awaiting == .task(id: "t1"))
    #expect(advance.awaiting == .task(id: "t1"))
  }

  @Test func theMovementRemindersShareTheirSlot() throws {
    let log = MovementLog(lastReminderAt: Self.now - 60, snoozedAt: Self.now - 30)
    let state = PlanningState(
      timeZone: Fixtures.zone("UTC"), movement: ScheduleTemplate.officeWorker.schedule, movementLog: log)
    let due = Self.due(state)
    for id in ["exercise-reminder", "exercise-reminder-snooze", "exercise-reminder-follow-up"] {
      let reminder = try #require(due[id], "\(id) planned")
      #expect(reminder.slot == "exercise-reminder")
      #expect(reminder.awaiting == .movementBreak)
    }
  }

  @Test func aFocusBlockReminderHasItsOwnSlotAndWaitsForNothing() throws {
    let state = PlanningState(
      timeZone: Fixtures.zone("UTC"), focusBlocks: [Fixtures.block("b1", start: Self.now + 3600)])
    let reminder = try #require(Self.due(state)["focus-block-start-b1"])
    #expect(reminder.slot == "focus-block-start-b1")
    #expect(reminder.awaiting == nil)
  }

  @Test func aLongTitleIsShortenedOnScreenAndKeptWholeInTheRequest() throws {
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    let state = PlanningState(
      timeZone: Fixtures.zone("UTC"), language: .en, settings: settings,
      focusBlocks: [Fixtures.block("b1", title: Self.longTitle, start: Self.now + 3600)],
      tasks: [TodoItem(id: "t1", title: Self.longTitle, due: Self.now + 6 * 3600)])
    let due = Self.due(state)
    let shown = DisplayText.shortened(Self.longTitle, toFit: DisplayText.titleLength)
    #expect(shown.hasSuffix("…") && shown.count <= DisplayText.titleLength)
    let block = try #require(due["focus-block-start-b1"])
    #expect(block.notification.content.body == "\(Self.longTitle) starts in 5 minutes")
    #expect(block.displayContent.body == "\(shown) starts in 5 minutes")
    let advance = try #require(due["due-date-advance-t1"])
    #expect(advance.notification.content.title == Self.longTitle)
    #expect(advance.displayContent.title == shown)
    #expect(advance.displayContent.body == "\(shown) is due in 1 hour")
    let morning = try #require(due["due-date-morning-t1"])
    #expect(morning.displayContent.body == "\(shown) — put it into a sprint")
  }

  @Test func theDisplayTitleIsShortenedThenMarkedLate() throws {
    let content = NotificationContent(title: Self.longTitle, body: "", categoryIdentifier: "due-date-advance")
    var display = content
    display.title = DisplayText.shortened(Self.longTitle, toFit: DisplayText.titleLength)
    let notification = PlannedNotification(
      identifier: "x", content: content, fireDate: Self.now, now: Self.now)
    let late = Delivery(
      notification: notification, displayContent: display, deliveredAt: Self.now + 600, late: true,
      language: .en)
    #expect(late.displayTitle == display.title + " (late)")
    #expect(late.content.title == Self.longTitle)
  }
}
