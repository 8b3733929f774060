import Foundation
import HeraldTestSupport
import Testing

/// `herald plan --calendar FILE… --horizon-days N` end to end (`contracts/calendar.md`): the built
/// executable, real `.ics` files, exact output and one-line errors.
@Suite struct PlanCalendarCommandTests {
  let scenario = """
    {"timeZone": "Europe/Berlin", "locale": "en",
     "focusBlocks": [{"id": "b1", "title": "Deep Work", "start": "2026-11-23T12:00:00+01:00",
                      "end": "2026-11-23T13:00:00+01:00"}]}
    """

  let standup = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Test//EN\r
    X-WR-TIMEZONE:Europe/Berlin\r
    BEGIN:VEVENT\r
    UID:standup-42\r
    DTSTART;TZID=Europe/Berlin:20261116T090000\r
    DTEND;TZID=Europe/Berlin:20261116T091500\r
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r
    SUMMARY:Stand-up\\, team\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:report\r
    DUE;VALUE=DATE:20261124\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  func plan(_ extra: [String], calendars: [String]) throws -> HeraldProcess.Result {
    let scenarioPath = try HeraldProcess.temporaryFile(scenario)
    var arguments = [
      "plan", "--scenario", scenarioPath, "--now", "2026-11-22T12:00:00Z", "--limits", "unlimited",
    ]
    for calendar in calendars {
      arguments += ["--calendar", try HeraldProcess.temporaryFile(calendar, suffix: ".ics")]
    }
    return try HeraldProcess.run(arguments + extra)
  }

  static func ids(_ result: HeraldProcess.Result) throws -> [String] {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let pending = try #require(document["pending"] as? [[String: Any]])
    return pending.compactMap { $0["id"] as? String }
  }

  @Test func calendarBlocksAndTasksArePlannedLikeTheScenariosOwn() throws {
    let result = try plan(["--horizon-days", "3"], calendars: [standup])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(
      try Self.ids(result) == [
        "focus-block-start-standup-42/20261123T080000Z", "focus-block-start-b1",
        "due-date-morning-report", "focus-block-start-standup-42/20261125T080000Z",
      ])
    #expect(result.stdout.contains("\"body\": \"Stand-up, team starts in 5 minutes\""))
    #expect(result.stdout.contains("\"blockID\": \"standup-42/20261123T080000Z\""))
    #expect(result.stdout.contains("\"taskID\": \"report\""))
  }

  @Test func theHorizonBoundsRecurringAndSingleComponents() throws {
    let one = try Self.ids(try plan(["--horizon-days", "1"], calendars: [standup]))
    #expect(one == ["focus-block-start-standup-42/20261123T080000Z", "focus-block-start-b1"])
    let fortnight = try Self.ids(try plan([], calendars: [standup]))
    #expect(fortnight.filter { $0.hasPrefix("focus-block-start-standup-42/") }.count == 4)
  }

  @Test func aBadCalendarIsOneLineNamingFileLineUIDAndProblem() throws {
    let bad = standup.replacingOccurrences(of: "FREQ=WEEKLY", with: "FREQ=MINUTELY")
    let path = try HeraldProcess.temporaryFile(bad, suffix: ".ics")
    let scenarioPath = try HeraldProcess.temporaryFile(scenario)
    let result = try HeraldProcess.run(
      ["plan", "--scenario", scenarioPath, "--now", "2026-11-22T12:00:00Z", "--calendar", path])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: \(path): line 9: UID standup-42: RRULE: FREQ=MINUTELY is refused: Herald expands DAILY, WEEKLY, MONTHLY and YEARLY rules\n"
    )
  }

  @Test func aTruncatedCalendarIsAnError() throws {
    let cut = String(standup.prefix(while: { $0 != "X" }))  // ends before END:VCALENDAR
    let result = try plan([], calendars: [cut])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("line 1: BEGIN:VCALENDAR is not closed"))
  }

  @Test func idsCollidingAcrossFilesOrWithTheScenarioAreErrors() throws {
    let twice = try plan([], calendars: [standup, standup])
    #expect(twice.status != 0)
    #expect(twice.stderr.contains("line 5: UID standup-42: the UID is used by another VEVENT"))
    let clash = standup.replacingOccurrences(of: "UID:report", with: "UID:b1")
    let result = try plan([], calendars: [clash])
    #expect(result.status != 0)
    #expect(result.stderr.contains("line 12: UID b1: id \"b1\" is also an id of the scenario"))
  }

  @Test func horizonDaysOutsideOneTo366IsRefused() throws {
    for days in ["0", "367"] {
      let result = try plan(["--horizon-days", days], calendars: [standup])
      #expect(result.status != 0)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "error: --horizon-days: expected a number of days in 1…366, got \(days)\n")
    }
  }
}
