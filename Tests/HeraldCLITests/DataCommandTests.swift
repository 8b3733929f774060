import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// The data commands, run as a user runs them, against a database file of their own.
@Suite struct DataCommandTests {
  @Test func blocksAndTasksAreAddedListedEditedAndRemoved() throws {
    let db = try CLIDatabase(now: CLIDatabase.beforeTheExamples)
    defer { db.remove() }
    #expect(
      try db.succeed(["task", "add", "--title", "Steuererklärung", "--due", "2026-11-24T17:00:00+01:00"])
        == "t1\n")
    #expect(
      try db.succeed(["task", "add", "--title", "Angebot schreiben", "--id", "angebot"]) == "angebot\n")
    let added = try db.succeed([
      "block", "add", "--title", "Deep Work", "--start", "2026-11-23T09:00:00+01:00",
      "--end", "2026-11-23T10:30:00+01:00", "--task", "t1", "--task", "angebot",
    ])
    #expect(added == "b1\n")
    let start = CLIDatabase.local("2026-11-23T08:00:00Z")
    let end = CLIDatabase.local("2026-11-23T09:30:00Z")
    #expect(try db.succeed(["block", "list"]) == "b1  \(start) → \(end)  Deep Work  [t1, angebot]\n")

    try db.succeed([
      "block", "edit", "b1", "--title", "Review", "--end", "2026-11-23T11:00:00+01:00", "--task", "t1",
    ])
    let newEnd = CLIDatabase.local("2026-11-23T10:00:00Z")
    #expect(try db.succeed(["block", "list"]) == "b1  \(start) → \(newEnd)  Review  [t1]\n")

    try db.succeed(["task", "edit", "angebot", "--due", "2026-11-25T12:00:00Z", "--title", "Angebot"])
    try db.succeed(["task", "done", "t1"])
    let due = CLIDatabase.local("2026-11-24T16:00:00Z")
    #expect(
      try db.succeed(["task", "list"])
        == "t1  [x]  \(due)  Steuererklärung\nangebot  [ ]  \(CLIDatabase.local("2026-11-25T12:00:00Z"))  Angebot\n"
    )
    try db.succeed(["task", "edit", "angebot", "--no-due"])
    #expect(try db.succeed(["task", "list"]).hasSuffix("angebot  [ ]  -                 Angebot\n"))

    // Removing a task unlinks it; removing a block keeps its tasks.
    try db.succeed(["task", "remove", "t1"])
    #expect(try db.succeed(["block", "list"]) == "b1  \(start) → \(newEnd)  Review\n")
    try db.succeed(["block", "remove", "b1"])
    #expect(try db.succeed(["block", "list"]).isEmpty)
    #expect(try db.succeed(["task", "list"]).split(separator: "\n").count == 1)
  }

  @Test func localDatesAreReadInTheSystemZone() throws {
    let db = try CLIDatabase(now: CLIDatabase.beforeTheExamples)
    defer { db.remove() }
    try db.succeed(["task", "add", "--title", "a", "--due", "2026-11-24 17:00"])
    try db.succeed(["task", "add", "--title", "b", "--due", "2026-11-24T17:00"])
    let expected = LocalInstant.parse(
      "2026-11-24T17:00", zone: HeraldProcess.timeZone)
    let exported = try ScenarioDocument.decode(Data(try db.succeed(["export"]).utf8))
    #expect(exported.tasks.map(\.due) == [expected, expected])
  }

  @Test func theDatabaseFileIsCreatedOwnerOnly() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["task", "add", "--title", "x"])
    let mode = try FileManager.default.attributesOfItem(atPath: db.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func settingsAreShownAndSet() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["settings", "set", "dueDateAdvanceReminderMinutes", "30"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderEnabled", "true"])
    try db.succeed(["settings", "set", "progressReportTime", "21:15"])
    try db.succeed(["settings", "set", "locale", "en"])
    let shown = try db.succeed(["settings", "show"])
    #expect(
      shown == """
        focusBlockLeadMinutes            5
        dueDateMorningReminderEnabled    true
        dueDateMorningReminderHour       9
        dueDateMorningReminderMinute     0
        dueDateAdvanceReminderEnabled    true
        dueDateAdvanceReminderMinutes    30
        poiNotificationsEnabled          true
        movementFollowUpMinutes          10
        progressReportEnabled            true
        progressReportTime               21:15
        liveActivityNotificationEnabled  true
        locale                           en

        """)
  }

  @Test func aTemplateAndWeekdaysMakeTheMovementSchedule() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    try db.succeed(["settings", "set", "locale", "de"])
    #expect(try db.succeed(["movement", "show"]).hasPrefix("no movement schedule"))
    try db.succeed(["movement", "template", "officeWorker"])
    try db.succeed([
      "movement", "day", "monday", "--block", "06:00-08:00/gentle/30", "--block", "09:00-17:00/urgent",
    ])
    try db.succeed(["movement", "day", "friday", "off"])
    try db.succeed(["movement", "day", "saturday", "--fixed", "10:00", "--fixed", "16:30"])
    try db.succeed(["movement", "day", "sunday", "fallback"])
    #expect(
      try db.succeed(["movement", "show"]) == """
        interval 45 min, fallback 60 min, active hours 08:00–20:00
        monday    06:00–08:00 gentle every 30 min, 09:00–17:00 urgent
        tuesday   09:00–17:00 urgent
        wednesday 09:00–17:00 urgent
        thursday  09:00–17:00 urgent
        friday    off
        saturday  10:00, 16:30
        sunday    fallback

        """)
  }

  @Test func importThenExportKeepsTheExampleScenariosContent() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let original = try CLIDatabase.exampleScenario
    let path = try HeraldProcess.temporaryFile(original)
    try db.succeed(["import", path])
    let exported = try db.succeed(["export"])
    #expect(try ScenarioDocument.decode(Data(exported.utf8)) == ScenarioDocument.decode(Data(original.utf8)))

    // An export imported elsewhere (here through standard input) exports byte for byte the same.
    let other = try CLIDatabase()
    defer { other.remove() }
    try other.succeed(["import", "-"], stdin: exported)
    #expect(try other.succeed(["export"]) == exported)
  }

  @Test func upcomingListsTheDaemonsNextRemindersInLocalTime() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    // Two days ahead, on a whole minute, so the reminder is certainly still to come.
    let minute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 2 * 86_400
    let start = Date(timeIntervalSince1970: minute)
    let text = RFC3339.utcString(start)
    try db.succeed([
      "block", "add", "--title", "Deep Work", "--start", text, "--end", RFC3339.utcString(start + 3600),
    ])
    try db.succeed(["task", "add", "--title", "Rechnung", "--due", RFC3339.utcString(start + 7200)])
    try db.succeed(["settings", "set", "dueDateMorningReminderEnabled", "false"])
    try db.succeed(["settings", "set", "dueDateAdvanceReminderEnabled", "true"])
    let local = { (date: Date) in CLIDatabase.local(date) }
    #expect(
      try db.succeed(["upcoming"]) == """
        \(local(start - 300))  focus-block-start-b1  Focus Block startet gleich — Deep Work beginnt in 5 Minuten
        \(local(start + 3600))  due-date-advance-t1  Rechnung — Rechnung ist in 1 Stunde fällig

        """)
    #expect(try db.succeed(["upcoming", "--count", "1"]).split(separator: "\n").count == 1)
  }
}
