import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The docs' pictures: the Today, Live, Settings and History pages with a realistic day, on a
/// phone (390 px wide, mobile emulation) and a desktop (1280 px), taken by headless Chromium through
/// WebDriver's screenshot. Written to `$HERALD_SCREENSHOTS` when set
/// (`HERALD_SCREENSHOTS=docs/screenshots`), otherwise to a temporary directory; either way each
/// must be a PNG of the page.
extension BrowserTests {
  static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  /// The widths, with a height that shows most of a page.
  static let screenshotSizes: [(width: Int, height: Int, mobile: Bool)] = [
    (390, 1700, true), (1280, 1500, false),
  ]

  @Test func screenshotsOfTheTodayLiveSettingsAndHistoryPages() async throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let directory = ProcessInfo.processInfo.environment["HERALD_SCREENSHOTS"] ?? scratch.path("")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

    for size in Self.screenshotSizes {
      // Settings, Today and History at a fixed morning: Monday 2026-11-23 10:20 in Berlin.
      let at = Fixtures.instant("2026-11-23T09:20:00Z")
      let morning = try ServerHarness(port: 0, at: at)
      defer { morning.remove() }
      try Self.fillDay(morning.store, at: at)
      try Self.deliverMorning(morning.store, zone: Fixtures.zone("Europe/Berlin"))
      try await Self.browse(
        morning, width: size.width, height: size.height, language: "de-DE", mobile: size.mobile
      ) { browser, base in
        for page in ["settings", "today", "history"] {
          try await browser.navigate(to: base + "/" + page)
          try Self.save(try await browser.screenshot(), to: directory, page: "\(page)-\(size.width)")
        }
      }

      // Live on the real clock, which the page's countdown runs on.
      let now = Date()
      let live = try ServerHarness(port: 0, at: now)
      defer { live.remove() }
      try Self.fillDay(live.store, at: now)
      try await Self.browse(
        live, width: size.width, height: size.mobile ? 844 : 700, language: "de-DE", mobile: size.mobile
      ) { browser, base in
        try await browser.navigate(to: base + "/live")
        _ = try await browser.waitForElement("#live-countdown")
        try Self.save(try await browser.screenshot(), to: directory, page: "live-\(size.width)")
      }
    }
  }

  /// What the daemon delivered between 08:00 and 10:20 of `fillDay`'s Monday, in order: each
  /// reminder planned at 08:00 that fired by 10:20 (a rolling kind's first only).
  static func deliverMorning(_ store: SQLiteStore, zone: Zone) throws {
    let context = PlanningContext(
      state: try store.planningState(timeZone: zone), now: Fixtures.instant("2026-11-23T07:00:00Z"),
      limits: .unlimited)
    let end = Fixtures.instant("2026-11-23T09:20:00Z")
    let due = Planner.schedule(context).filter { $0.fireDate <= end }.sorted { $0.fireDate < $1.fireDate }
    for reminder in due.map({ Planner.due($0, in: context) }) {
      try store.recordDelivery(
        reminder.key, deliveredAt: reminder.notification.fireDate, late: false, effects: reminder.effects,
        slot: reminder.slot, awaiting: reminder.awaiting)
    }
  }

  static func save(_ png: Data, to directory: String, page: String) throws {
    #expect(png.prefix(8) == pngSignature, "the \(page) screenshot is not a PNG")
    #expect(png.count > 10_000, "the \(page) screenshot is suspiciously small")
    try png.write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(page).png"))
  }

  /// A working day around `now`: a focus block running with three tasks (one done), two more
  /// blocks, tasks due today and tomorrow, the office template, advance reminders an hour ahead.
  static func fillDay(_ store: SQLiteStore, at now: Date) throws {
    let minute = 60.0
    try store.addTask(id: "t1", title: "Gliederung entwerfen", completed: true)
    try store.addTask(id: "t2", title: "Einleitung schreiben")
    try store.addTask(id: "t3", title: "Quellen prüfen")
    try store.addTask(id: "t4", title: "Steuererklärung abgeben", due: now.addingTimeInterval(320 * minute))
    try store.addTask(id: "t5", title: "Zahnarzt anrufen", due: now.addingTimeInterval(24 * 60 * minute))
    try store.addFocusBlock(
      id: "b1", title: "Konzept schreiben", start: now.addingTimeInterval(-20 * minute),
      end: now.addingTimeInterval(70 * minute), taskIDs: ["t1", "t2", "t3"])
    try store.addFocusBlock(
      id: "b2", title: "Angebot für Müller & Söhne", start: now.addingTimeInterval(160 * minute),
      end: now.addingTimeInterval(220 * minute))
    try store.addFocusBlock(
      id: "b3", title: "Wochenplanung", start: now.addingTimeInterval(370 * minute),
      end: now.addingTimeInterval(400 * minute))
    try store.setSettings(
      Fixtures.settings([
        .dueDateAdvanceReminderEnabled: .bool(true), .dueDateAdvanceReminderMinutes: .int(60),
      ]),
      language: .de)
    try store.setMovementSchedule(ScheduleTemplate.officeWorker.schedule)
  }
}
