import Foundation
import HeraldTestSupport
import Testing

/// `herald plan` end to end: the built executable, real files, exact output (contracts/plan.md).
@Suite struct PlanCommandTests {
  let contractScenario = """
    {
      "timeZone": "Europe/Berlin",
      "locale": "de",
      "focusBlocks": [
        { "id": "b1", "title": "Deep Work", "start": "2026-11-23T09:00:00+01:00",
          "end": "2026-11-23T10:30:00+01:00", "taskIDs": ["t1"] }
      ]
    }
    """

  @Test func printsTheContractExampleExactly() throws {
    let path = try HeraldProcess.temporaryFile(contractScenario)
    let result = try HeraldProcess.run(["plan", "--scenario", path, "--now", "2026-11-22T12:00:00Z"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        {
          "now": "2026-11-22T12:00:00Z",
          "timeZone": "Europe/Berlin",
          "pending": [
            {
              "id": "focus-block-start-b1",
              "category": "focus-block-start",
              "fireDate": "2026-11-23T07:55:00Z",
              "trigger": {
                "type": "interval",
                "seconds": 71700
              },
              "title": "Focus Block startet gleich",
              "body": "Deep Work beginnt in 5 Minuten",
              "interruptionLevel": "active",
              "sound": "default",
              "userInfo": {
                "blockID": "b1"
              }
            }
          ],
          "deferred": []
        }

        """)
  }

  @Test func readsTheScenarioFromStandardInputAndAcceptsAnOffsetForNow() throws {
    let result = try HeraldProcess.run(
      ["plan", "--scenario", "-", "--now", "2026-11-22T13:00:00+01:00", "--limits", "unlimited"],
      stdin: contractScenario)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"seconds\": 71700"))
  }

  @Test func iOSLimitsKeepTheSoonest64AndDeferTheRest() throws {
    // 40 tasks × (morning + advance) = 80 requests: 64 pending, 16 deferred.
    let tasks = (1...40).map { index in
      let day = 10 + index / 4
      return
        "{\"id\": \"t\(index)\", \"title\": \"Task \(index)\", \"due\": \"2026-12-\(day)T17:00:00+01:00\"}"
    }
    let scenario = """
      {"timeZone": "Europe/Berlin", "settings": {"dueDateAdvanceReminderEnabled": true},
       "tasks": [\(tasks.joined(separator: ","))]}
      """
    let path = try HeraldProcess.temporaryFile(scenario)
    let ios = try HeraldProcess.run(["plan", "--scenario", path, "--now", "2026-12-01T00:00:00Z"])
    let pending = try #require(
      try JSONSerialization.jsonObject(with: Data(ios.stdout.utf8)) as? [String: Any])
    #expect((pending["pending"] as? [Any])?.count == 50)  // the 25-task batch: 25 × 2
    #expect((pending["deferred"] as? [Any])?.count == 0)

    let unlimited = try HeraldProcess.run(
      ["plan", "--scenario", path, "--now", "2026-12-01T00:00:00Z", "--limits", "unlimited"])
    let all = try #require(
      try JSONSerialization.jsonObject(with: Data(unlimited.stdout.utf8)) as? [String: Any])
    #expect((all["pending"] as? [Any])?.count == 80)
  }

  @Test func theBundledExampleRunsAndIsDeterministic() throws {
    let arguments = ["plan", "--scenario", "examples/scenario.json", "--now", "2026-11-22T12:00:00Z"]
    let first = try HeraldProcess.run(arguments)
    let second = try HeraldProcess.run(arguments)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.contains("\"id\": \"exercise-reminder\""))
    #expect(first.stdout.contains("\"id\": \"due-date-morning-t1\""))
  }

  @Test func helpExitsZero() throws {
    let result = try HeraldProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("plan"))
    #expect(result.stdout.contains("route"))
  }
}
