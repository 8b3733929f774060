import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// Spec 001's UI tests under their names, spec 003's style help and spec 004's POI info text, and
/// a setting saved in the browser reaching the plan.
extension BrowserTests {
  /// Spec 001 UI test 1: the section "Frist-Erinnerungen" is visible in the settings.
  @Test func testSettingsSectionVisible() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/settings")
      let heading = try await browser.element("#due-date-reminders h2")
      #expect(try await browser.text(of: heading) == "Frist-Erinnerungen")
      #expect(try await browser.isDisplayed(heading))
      let footer = try await browser.element("#due-date-reminders .footer")
      #expect(try await browser.text(of: footer) == "Erinnerung wenn Tasks mit Frist fällig werden.")
      #expect(try await browser.isDisplayed(footer))
    }
  }

  /// Spec 001 UI test 2: with "Morgen-Erinnerung" off, switching it on reveals the time picker.
  @Test func testMorningReminderToggleShowsTimePicker() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try harness.store.setSettings(
      Fixtures.settings([.dueDateMorningReminderEnabled: .bool(false)]), language: .de)
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/settings")
      let toggle = try await browser.element("#dueDateMorningReminderEnabled")
      let picker = try await browser.element("#dueDateMorningReminderTime")
      #expect(try await browser.isSelected(toggle) == false)
      #expect(try await browser.isDisplayed(picker) == false)

      let label = try await browser.element("label[for=dueDateMorningReminderEnabled]")
      #expect(try await browser.text(of: label) == "Morgen-Erinnerung")
      try await browser.click(label)

      #expect(try await browser.isSelected(toggle))
      #expect(try await browser.isDisplayed(picker))
      #expect(try await browser.attribute("type", of: picker) == "time")
      #expect(try await browser.property("value", of: picker) == "09:00")  // spec 001: default 09:00
      let pickerLabel = try await browser.element("label[for=dueDateMorningReminderTime]")
      #expect(try await browser.text(of: pickerLabel) == "Uhrzeit")
    }
  }

  /// Spec 001 UI test 3: with "Vorab-Erinnerung" off, switching it on reveals the lead-time
  /// picker with the spec's five choices.
  @Test func testAdvanceReminderToggleShowsPicker() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/settings")
      let toggle = try await browser.element("#dueDateAdvanceReminderEnabled")
      let picker = try await browser.element("#dueDateAdvanceReminderMinutes")
      #expect(try await browser.isSelected(toggle) == false)  // off by default (spec 001)
      #expect(try await browser.isDisplayed(picker) == false)

      let label = try await browser.element("label[for=dueDateAdvanceReminderEnabled]")
      #expect(try await browser.text(of: label) == "Vorab-Erinnerung")
      try await browser.click(label)

      #expect(try await browser.isSelected(toggle))
      #expect(try await browser.isDisplayed(picker))
      let pickerLabel = try await browser.element("label[for=dueDateAdvanceReminderMinutes]")
      #expect(try await browser.text(of: pickerLabel) == "Vorlaufzeit")
      var choices: [String] = []
      for option in try await browser.elements("#dueDateAdvanceReminderMinutes option") {
        choices.append(try await browser.property("text", of: option) ?? "")
      }
      #expect(choices == ["15 Min", "30 Min", "1 Stunde", "2 Stunden", "1 Tag"])
    }
  }

  /// Switching on the advance reminder with one hour's lead in the browser and saving adds the
  /// advance reminder one hour before the due instant to the plan (`GET /api/v1/plan`, what
  /// `herald plan` prints for the stored state).
  @Test func aSettingSavedInTheBrowserChangesThePlan() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    // Due Tuesday 14:00 in Berlin (13:00Z); the harness's now is Monday 08:00 there.
    try harness.store.addTask(
      id: "t1", title: "Steuererklärung abgeben", due: Fixtures.instant("2026-11-24T13:00:00Z"))
    try await Self.browse(harness) { browser, base in
      let port = try Self.port(of: base)
      let before = try await Self.plan(port: port, token: harness.token)
      #expect(before["due-date-advance-t1"] == nil)
      #expect(before["due-date-morning-t1"] != nil)

      try await browser.navigate(to: base + "/settings")
      try await browser.click(try await browser.element("label[for=dueDateAdvanceReminderEnabled]"))
      try await browser.click(try await browser.element("#dueDateAdvanceReminderMinutes option[value='60']"))
      try await browser.click(try await browser.element("#save-settings"))
      #expect(
        await browser.wait(timeout: 5) { try await browser.currentURL().hasSuffix("/settings?saved=1") })
      // The page as saved shows the choice again.
      let toggle = try await browser.element("#dueDateAdvanceReminderEnabled")
      #expect(try await browser.isSelected(toggle))
      #expect(
        try await browser.property("value", of: try await browser.element("#dueDateAdvanceReminderMinutes"))
          == "60")

      let after = try await Self.plan(port: port, token: harness.token)
      #expect(after["due-date-advance-t1"] == Fixtures.instant("2026-11-24T12:00:00Z"))
      #expect(after["due-date-morning-t1"] == before["due-date-morning-t1"])
    }
  }

  /// Spec 004: the POI toggle "POI-Benachrichtigungen" comes with its info text about location in
  /// the background.
  @Test func poiToggleShowsItsInfoText() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/settings")
      let label = try await browser.element("label[for=poiNotificationsEnabled]")
      #expect(try await browser.text(of: label) == "POI-Benachrichtigungen")
      #expect(try await browser.isDisplayed(try await browser.element("#poiNotificationsEnabled")))
      let info = try await browser.element("#poi-info")
      #expect(try await browser.isDisplayed(info))
      #expect(try await browser.text(of: info).contains("Standort auch im Hintergrund"))
    }
  }

  /// Spec 003 ("Documentation Needed"): the style picker comes with each style's help text, in the
  /// spec's English words when the locale is English, and the three templates.
  @Test func stylePickerShowsEachStylesHelpText() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try harness.store.setLanguage(.en)
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/settings")
      var help: [String] = []
      for item in try await browser.elements(".style-help li") {
        help.append(try await browser.text(of: item))
      }
      for text in [
        "Gentle: Silent notifications that don't interrupt", "Standard: Normal notification behavior",
        "Urgent: Break through Focus mode for important times",
      ] {
        #expect(help.contains { $0.contains(text) }, "missing help text \"\(text)\" in \(help)")
      }
      let templates = try await browser.elements("#movement-templates form")
      #expect(templates.count == 3)
      let styles = try await browser.elements("#day-monday select[name='monday.block0.style'] option")
      #expect(styles.count == NotificationStyle.allCases.count)
    }
  }
}
