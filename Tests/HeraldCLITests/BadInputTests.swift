import Foundation
import HeraldTestSupport
import Testing

/// Bad input to `herald plan` and `herald route replay`: one line on stderr naming the field,
/// a non-zero exit, nothing on stdout.
@Suite struct BadInputTests {
  // swift-format-ignore: LineLength
  static let badScenarios: [(scenario: String, field: String)] = [
    (
      #"{"timeZone":"Europe/Berlin","tasks":[{"id":"a","title":"x"},{"id":"b","title":"x"},{"id":"c","title":"x"},{"id":"d","title":"x","due":"tomorrow"}]}"#,
      "tasks[3].due: not an RFC 3339 date: \"tomorrow\""
    ),
    (#"{"locale":"de"}"#, "timeZone: required"),
    (#"{"timeZone":"Mars/Olympus"}"#, "timeZone"),
    (#"{"timeZone":"Europe/Berlin","setings":{}}"#, "setings: unknown key"),
    (#"{"timeZone":"Europe/Berlin","locale":"fr"}"#, "locale"),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"focusBlockLeadMinutes":121}}"#,
      "settings.focusBlockLeadMinutes"
    ),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"dueDateMorningReminderHour":25}}"#,
      "settings.dueDateMorningReminderHour"
    ),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"dueDateMorningReminderMinute":60}}"#,
      "settings.dueDateMorningReminderMinute"
    ),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"dueDateAdvanceReminderMinutes":45}}"#,
      "settings.dueDateAdvanceReminderMinutes"
    ),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"poiNotificationsEnabled":"yes"}}"#,
      "settings.poiNotificationsEnabled"
    ),
    (
      #"{"timeZone":"Europe/Berlin","settings":{"unknownSetting":1}}"#, "settings.unknownSetting: unknown key"
    ),
    (
      #"{"timeZone":"Europe/Berlin","focusBlocks":[{"id":"b","title":"x","start":"2026-11-23T09:00:00+01:00","end":"2026-11-23T09:00:00+01:00"}]}"#,
      "focusBlocks[0].end"
    ),
    (
      #"{"timeZone":"Europe/Berlin","focusBlocks":[{"id":"","title":"x","start":"2026-11-23T09:00:00+01:00","end":"2026-11-23T10:00:00+01:00"}]}"#,
      "focusBlocks[0].id"
    ),
    (
      #"{"timeZone":"Europe/Berlin","focusBlocks":[{"id":"b","title":"x","start":"2026-11-23T09:00:00","end":"2026-11-23T10:00:00+01:00"}]}"#,
      "focusBlocks[0].start"
    ),
    (#"{"timeZone":"Europe/Berlin","tasks":[{"id":"a","title":""}]}"#, "tasks[0].title"),
    (#"{"timeZone":"Europe/Berlin","tasks":[{"id":"a","title":"x"},{"id":"a","title":"y"}]}"#, "tasks[1].id"),
    (
      #"{"timeZone":"Europe/Berlin","tasks":[{"id":"a","title":"x","colour":"red"}]}"#,
      "tasks[0].colour: unknown key"
    ),
    (
      #"{"timeZone":"Europe/Berlin","tasks":[{"id":"a","title":"x","completed":"no"}]}"#, "tasks[0].completed"
    ),
    (#"{"timeZone":"Europe/Berlin","movement":{"intervalMinutes":0}}"#, "movement.intervalMinutes"),
    (
      #"{"timeZone":"Europe/Berlin","movement":{"activeHours":{"start":"20:00","end":"08:00"}}}"#,
      "movement.activeHours.end"
    ),
    (#"{"timeZone":"Europe/Berlin","movement":{"days":{"Monday":"fallback"}}}"#, "movement.days.Monday"),
    (#"{"timeZone":"Europe/Berlin","movement":{"days":{"monday":"sometimes"}}}"#, "movement.days.monday"),
    (
      #"{"timeZone":"Europe/Berlin","movement":{"days":{"monday":{"timeBlocks":[{"start":"25:00","end":"17:00"}]}}}}"#,
      "movement.days.monday.timeBlocks[0].start"
    ),
    (
      #"{"timeZone":"Europe/Berlin","movement":{"days":{"monday":{"timeBlocks":[{"start":"17:00","end":"09:00"}]}}}}"#,
      "movement.days.monday.timeBlocks[0].end"
    ),
    (
      #"{"timeZone":"Europe/Berlin","movement":{"days":{"monday":{"timeBlocks":[{"start":"09:00","end":"17:00","style":"loud"}]}}}}"#,
      "movement.days.monday.timeBlocks[0].style"
    ),
    (
      #"{"timeZone":"Europe/Berlin","movement":{"days":{"saturday":{"fixedTimes":["9:00"]}}}}"#,
      "movement.days.saturday.fixedTimes[0]"
    ),
    (#"{"timeZone":"Europe/Berlin","#, "not valid JSON"),
    (#"[]"#, "expected an object"),
  ]

  @Test(arguments: badScenarios)
  func badScenarioIsOneLineNamingTheField(scenario: String, field: String) throws {
    let path = try HeraldProcess.temporaryFile(scenario)
    let result = try HeraldProcess.run(["plan", "--scenario", path, "--now", "2026-11-22T12:00:00Z"])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(field), "stderr was: \(result.stderr)")
  }

  // swift-format-ignore: LineLength
  static let badArguments: [(arguments: [String], field: String)] = [
    (["plan", "--scenario", "examples/scenario.json", "--now", "tomorrow"], "--now"),
    (["plan", "--scenario", "examples/scenario.json"], "--now"),
    (
      ["plan", "--scenario", "/does/not/exist.json", "--now", "2026-11-22T12:00:00Z"], "/does/not/exist.json"
    ),
    (
      ["plan", "--scenario", "examples/scenario.json", "--now", "2026-11-22T12:00:00Z", "--limits", "ipad"],
      "--limits"
    ),
    (
      [
        "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track",
        "examples/gpx/around-visnjan-with-car.gpx", "--radius=-3",
      ], "--radius"
    ),
    (
      [
        "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track",
        "examples/gpx/around-visnjan-with-car.gpx", "--locale", "fr",
      ], "--locale"
    ),
    (
      [
        "route", "replay", "--route", "examples/gpx/visnjan-route.gpx", "--track",
        "examples/gpx/around-visnjan-with-car.gpx", "--poi-notifications", "maybe",
      ], "--poi-notifications"
    ),
  ]

  /// A worker's options, checked before it reaches for its (here unreachable) database.
  static let badWorkerArguments: [(arguments: [String], field: String)] = [
    (["--threads", "0"], "--threads"), (["--threads", "257"], "--threads"),
    (["--concurrency", "0"], "--concurrency"), (["--lease", "0.5"], "--lease"),
  ].map { option, field in (["worker", "--postgres", "postgres://nobody@127.0.0.1:1/none"] + option, field) }

  // A minute: a worker that reached for its (unreachable) database before checking its options
  // would try again until stopped.
  @Test(.timeLimit(.minutes(1)), arguments: badArguments + badWorkerArguments)
  func badArgumentsAreOneLine(arguments: [String], field: String) throws {
    let result = try HeraldProcess.run(arguments)
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(field), "stderr was: \(result.stderr)")
  }
}
