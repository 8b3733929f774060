import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The day view, the live view's "Erledigt" and the History page in the browser, on a phone.
extension BrowserTests {
  /// Today and tomorrow under their own headings, a block with its task under it, tasks by due
  /// date, an overdue task marked in words, a block already over marked too; a task completed,
  /// reopened, deleted and brought back by its undo, and deleted again with the page reloaded.
  @Test func theDayViewGroupsByDayAndMarksWhatIsOverdue() async throws {
    let now = Fixtures.instant("2026-11-23T09:20:00Z")  // Monday 10:20 in Berlin
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    let store = harness.store
    try store.addTask(id: "late", title: "Rechnung bezahlen", due: Fixtures.instant("2026-11-22T16:00:00Z"))
    try store.addTask(id: "noon", title: "Mittag", due: Fixtures.instant("2026-11-23T11:00:00Z"))
    try store.addTask(id: "early", title: "Post holen", due: Fixtures.instant("2026-11-23T10:00:00Z"))
    try store.addTask(
      id: "tomorrow", title: "Zahnarzt anrufen", due: Fixtures.instant("2026-11-24T08:00:00Z"))
    try store.addTask(id: "wednesday", title: "Wäsche", due: Fixtures.instant("2026-11-25T17:00:00Z"))
    try store.addTask(id: "inblock", title: "Einleitung schreiben")
    try store.addFocusBlock(
      id: "over", title: "Frühsport", start: Fixtures.instant("2026-11-23T06:00:00Z"),
      end: Fixtures.instant("2026-11-23T07:00:00Z"))
    try store.addFocusBlock(
      id: "work", title: "Konzept schreiben", start: Fixtures.instant("2026-11-23T12:00:00Z"),
      end: Fixtures.instant("2026-11-23T13:30:00Z"), taskIDs: ["inblock"])
    try store.setSettings(Fixtures.settings([:]), language: .de)
    try await Self.browse(harness, width: 390, height: 844, language: "de-DE", mobile: true) {
      browser, base in
      try await browser.navigate(to: base + "/today")
      #expect(try await browser.text("#day-2026-11-23-heading").hasPrefix("Heute"))
      #expect(try await browser.text("#day-2026-11-24-heading").hasPrefix("Morgen"))
      #expect(try await browser.text("#day-2026-11-25-heading").hasPrefix("Mittwoch"))
      // Today: the overdue task first, then by time; the block's task under the block.
      let today = try await browser.evaluate(
        """
        return [...document.querySelectorAll("#day-2026-11-23 ul.agenda > li")].map(e => e.id).join(",");
        """)
      #expect(today == "task-late,block-over,task-early,task-noon,block-work")
      #expect(try await browser.elements("#block-work .block-tasks #task-inblock").count == 1)
      #expect(try await browser.elements("#day-2026-11-24 #task-tomorrow").count == 1)
      // Marked by a class and in words, not by colour alone.
      #expect(
        try await browser.attribute("class", of: try await browser.element("#task-late"))?.contains("overdue")
          == true)
      #expect(try await browser.text("#task-late .tag.overdue") == "überfällig")
      #expect(try await browser.text("#block-over .tag.past") == "vorbei")
      #expect(try await browser.elements("#task-tomorrow .tag.overdue").isEmpty)

      // A tap completes; another reopens.
      try await browser.click(try await browser.element("#task-early form[action$='/complete'] button"))
      _ = try await browser.waitForElement("#task-early.completed")
      #expect(
        try store.planningState(timeZone: Fixtures.zone("Europe/Berlin")).tasks.first { $0.id == "early" }?
          .completed == true)
      try await browser.click(try await browser.element("#task-early form[action$='/reopen'] button"))
      _ = try await browser.waitForElement("#task-early:not(.completed)")

      // The edit form opens from its summary; the task moves into the block.
      try await browser.click(try await browser.element("#task-noon details.edit > summary"))
      // A phone opens its own picker for a select: the choice is made as the picker would.
      _ = try await browser.evaluate(
        "document.querySelector(\"#task-noon select[name='block']\").value = 'work'; return null;")
      try await browser.click(
        try await browser.element("#task-noon form[action$='/edit'] button[type='submit']"))
      _ = try await browser.waitForElement("#block-work .block-tasks #task-noon")
      #expect(
        try store.planningState(timeZone: Fixtures.zone("Europe/Berlin")).focusBlocks.first {
          $0.id == "work"
        }?
        .taskIDs == ["inblock", "noon"])

      // Deleted, then brought back with its id and its block.
      try await browser.click(try await browser.element("#task-inblock details.edit > summary"))
      try await browser.click(try await browser.element("#task-inblock form[action$='/delete'] button"))
      let undo = try await browser.waitForElement("#undo")
      #expect(try await browser.elements("#task-inblock").isEmpty)
      #expect(try await browser.text(of: undo) == "Rückgängig")
      try await browser.click(undo)
      _ = try await browser.waitForElement("#block-work .block-tasks #task-inblock")
      let state = try store.planningState(timeZone: Fixtures.zone("Europe/Berlin"))
      #expect(state.tasks.first { $0.id == "inblock" }?.title == "Einleitung schreiben")
      #expect(state.focusBlocks.first { $0.id == "work" }?.taskIDs.contains("inblock") == true)

      // Deleted again, then the page reloaded: the page is asked for again, not the delete
      // posted again (which would say "no such task").
      try await browser.click(try await browser.element("#task-inblock details.edit > summary"))
      try await browser.click(try await browser.element("#task-inblock form[action$='/delete'] button"))
      _ = try await browser.waitForElement("#undo")
      #expect(try await browser.evaluate("return location.pathname;") == "/today")
      try await browser.refresh()
      _ = try await browser.waitForElement("#new-items")
      #expect(try await browser.elements("#undo").isEmpty)
      #expect(try await browser.elements("p.error").isEmpty)
      #expect(try await browser.elements("#task-inblock").isEmpty)
    }
  }

  /// Live's "Erledigt" completes the current task and comes back to the live view, which shows
  /// the next one; the block's end time and the next block are shown.
  @Test func theLiveDoneButtonCompletesTheCurrentTask() async throws {
    let now = Date()
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    try harness.store.addTask(id: "t1", title: "Gliederung")
    try harness.store.addTask(id: "t2", title: "Einleitung")
    try harness.store.addFocusBlock(
      id: "b1", title: "Konzept schreiben", start: now.addingTimeInterval(-600),
      end: now.addingTimeInterval(3000),
      taskIDs: ["t1", "t2"])
    try harness.store.addFocusBlock(
      id: "b2", title: "Wochenplanung", start: now.addingTimeInterval(4000), end: now.addingTimeInterval(5000)
    )
    try await Self.browse(harness, width: 390, height: 844, mobile: true) { browser, base in
      try await browser.navigate(to: base + "/live")
      #expect(try await browser.text("#live-task") == "Gliederung")
      let zone = Fixtures.zone("Europe/Berlin")
      #expect(
        try await browser.text("#live-ends") == "endet um \(zone.time(at: now.addingTimeInterval(3000)))")
      #expect(try await browser.text("#live-next").contains("Wochenplanung"))
      try await browser.click(try await browser.element("#live-done"))
      let shown = await browser.wait(timeout: 5) { try await browser.text("#live-task") == "Einleitung" }
      #expect(shown)
      #expect(try await browser.currentURL().hasSuffix("/live"))
      #expect(try await browser.text("#live-tally") == "1/2 erledigt")
      #expect(
        try harness.store.planningState(timeZone: zone).tasks.first { $0.id == "t1" }?.completed == true)
    }
  }

  /// History lists what was delivered today with its answer, and its "Erledigt" answers a
  /// movement break still waiting, as the notification's button does.
  @Test func theHistoryListsTodaysDeliveriesAndAnswersOneStillWaiting() async throws {
    let now = Fixtures.instant("2026-11-23T09:20:00Z")  // Monday 10:20 in Berlin
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    let store = harness.store
    let zone = Fixtures.zone("Europe/Berlin")
    try store.addTask(id: "t1", title: "Steuererklärung", due: Fixtures.instant("2026-11-23T16:00:00Z"))
    try store.setSettings(Fixtures.settings([:]), language: .de)
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
    // The daemon delivered the task's morning reminder at 09:00 and a movement break after it;
    // both wait for their answers.
    let state = try store.planningState(timeZone: zone)
    let context = PlanningContext(
      state: state, now: Fixtures.instant("2026-11-23T07:00:00Z"), limits: .unlimited)
    let morning = try #require(
      Planner.schedule(context).map { Planner.due($0, in: context) }.first {
        $0.notification.identifier == "due-date-morning-t1"
      })
    try store.recordDelivery(
      morning.key, deliveredAt: morning.notification.fireDate, late: false, slot: morning.slot,
      awaiting: morning.awaiting, channels: ["desktop", "push"])
    let breakContext = PlanningContext(
      state: state, now: Fixtures.instant("2026-11-23T08:30:00Z"), limits: .unlimited)
    let movement = try #require(
      Planner.schedule(breakContext).map { Planner.due($0, in: breakContext) }.first {
        $0.awaiting == .movementBreak
      })
    try store.recordDelivery(
      movement.key, deliveredAt: movement.notification.fireDate, late: false, effects: movement.effects,
      slot: movement.slot, awaiting: movement.awaiting)
    try await Self.browse(harness, width: 390, height: 844, language: "de-DE", mobile: true) {
      browser, base in
      try await browser.navigate(to: base + "/history")
      let items = try await browser.elements("ol.history > li")
      #expect(items.count == 2)
      let text = try await browser.text("ol.history")
      #expect(text.contains("Steuererklärung"), "\(text)")
      #expect(text.contains("wartet auf deine Antwort"), "\(text)")
      // Where each went, as the daemon recorded it: the morning reminder to two channels.
      let morningChannels = try await browser.text(
        "ol.history li[data-id='due-date-morning-t1'] .channels")
      #expect(morningChannels == "über Desktop, Telefon (Push)", "\(morningChannels)")
      let done = try await browser.element(
        "ol.history li[data-id='\(movement.notification.identifier)'] input[name='action'][value='done'] + button"
      )
      try await browser.click(done)
      _ = try await browser.waitForElement(
        "ol.history li[data-id='\(movement.notification.identifier)'] .answer.done")
      #expect(try store.planningState(timeZone: zone).movementLog?.lastReminderAnswered == true)
    }
  }
}
