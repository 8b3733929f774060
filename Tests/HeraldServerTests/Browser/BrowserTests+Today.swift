import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The planning view in the browser: spec 000's UI test, and a title that looks like a script.
extension BrowserTests {
  /// Spec 000 UI test 6: a focus block created on the Today page schedules its start reminder,
  /// which the upcoming list shows 5 minutes before the start.
  @Test func testCreateBlockSchedulesNotification() async throws {
    let harness = try ServerHarness(port: 0)  // Monday 2026-11-23 08:00 in Berlin
    defer { harness.remove() }
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/today")
      #expect(try await browser.elements("#upcoming li[data-id^='focus-block-start-']").isEmpty)
      try await browser.type("Konzept schreiben", into: try await browser.element("#new-block-title"))
      // A datetime-local field takes keystrokes per part, in the browser's (en-US) order.
      try await browser.type("11232026\t1000AM", into: try await browser.element("#new-block-start"))
      try await browser.type("11232026\t1130AM", into: try await browser.element("#new-block-end"))
      try await browser.click(try await browser.element("#new-block-add"))

      let reminder = try await browser.waitForElement("#upcoming li[data-id^='focus-block-start-']")
      let block = try #require(
        try harness.store.planningState(timeZone: Fixtures.zone("Europe/Berlin")).focusBlocks.first)
      #expect(block.title == "Konzept schreiben")
      #expect(block.start == Fixtures.instant("2026-11-23T09:00:00Z"))
      #expect(try await browser.attribute("data-id", of: reminder) == "focus-block-start-\(block.id)")
      // 5 minutes before 10:00 in Berlin (spec 000), shown in local time.
      let time = try await browser.element("#upcoming li[data-id^='focus-block-start-'] time")
      #expect(try await browser.attribute("datetime", of: time) == "2026-11-23T08:55:00Z")
      #expect(try await browser.text(of: time).hasSuffix("09:55"))
    }
  }

  /// A task titled like a script, created in the browser, is shown as its text, and no alert
  /// opens (WebDriver answers "no such alert").
  @Test func aScriptTitleIsShownAsTextAndRunsNothing() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    let title = "<script>alert(1)</script>"
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/today")
      try await browser.type(title, into: try await browser.element("#new-task-title"))
      try await browser.click(try await browser.element("#new-task-add"))

      let shown = try await browser.waitForElement("#days .task-title")
      #expect(try await browser.text(of: shown) == title)
      #expect(try await browser.alertText() == nil)
      #expect(
        try harness.store.planningState(timeZone: Fixtures.zone("Europe/Berlin")).tasks.map(\.title) == [
          title
        ])
      // The live page shows stored titles too; nothing runs there either.
      try await browser.navigate(to: base + "/live")
      #expect(try await browser.alertText() == nil)
    }
  }
}
