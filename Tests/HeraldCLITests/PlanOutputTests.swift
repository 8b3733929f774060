import Foundation
import HeraldTestSupport
import Testing

/// `herald plan`'s output, pinned where the contract (contracts/plan.md) fixes it: the calendar
/// trigger object, a gentle reminder's null sound, the deferred list of a plan over the budget,
/// and the singular of a one-minute lead. Expected texts are written out from the contract.
@Suite struct PlanOutputTests {
  func plan(_ scenario: String, now: String, limits: String = "ios") throws -> String {
    let path = try HeraldProcess.temporaryFile(scenario)
    let result = try HeraldProcess.run(["plan", "--scenario", path, "--now", now, "--limits", limits])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout
  }

  @Test func aMorningReminderHasAFloatingCalendarTrigger() throws {
    let output = try plan(
      """
      {"timeZone": "Europe/Berlin",
       "tasks": [{"id": "t1", "title": "Steuererklärung", "due": "2026-11-24T17:00:00+01:00"}]}
      """, now: "2026-11-22T12:00:00Z")
    #expect(
      output == """
        {
          "now": "2026-11-22T12:00:00Z",
          "timeZone": "Europe/Berlin",
          "pending": [
            {
              "id": "due-date-morning-t1",
              "category": "due-date-morning",
              "fireDate": "2026-11-24T08:00:00Z",
              "trigger": {
                "type": "calendar",
                "components": {
                  "year": 2026,
                  "month": 11,
                  "day": 24,
                  "hour": 9,
                  "minute": 0
                },
                "repeats": false
              },
              "title": "Heute fällig",
              "body": "Steuererklärung — pack ihn in einen Sprint",
              "interruptionLevel": "active",
              "sound": "default",
              "userInfo": {
                "taskID": "t1"
              }
            }
          ],
          "deferred": []
        }

        """)
  }

  @Test func aGentleMovementReminderIsPassiveWithANullSound() throws {
    // Monday 23 November 2026, 08:00 in Berlin; the gentle block 09:00–10:00 every 30 minutes.
    let output = try plan(
      """
      {"timeZone": "Europe/Berlin", "locale": "en",
       "movement": {"days": {"monday": {"timeBlocks": [
         {"start": "09:00", "end": "10:00", "style": "gentle", "intervalMinutes": 30}]}}}}
      """, now: "2026-11-23T07:00:00Z")
    #expect(
      output == """
        {
          "now": "2026-11-23T07:00:00Z",
          "timeZone": "Europe/Berlin",
          "pending": [
            {
              "id": "exercise-reminder",
              "category": "movement",
              "fireDate": "2026-11-23T08:30:00Z",
              "trigger": {
                "type": "interval",
                "seconds": 5400
              },
              "title": "Time to move",
              "body": "Stand up and move for a minute.",
              "interruptionLevel": "passive",
              "sound": null,
              "userInfo": {
                "style": "gentle"
              }
            }
          ],
          "deferred": []
        }

        """)
  }

  @Test func overTheBudgetTheSoonest64ArePendingAndTheRestDeferred() throws {
    // 70 blocks on the hour from 09:00Z on 23 November: reminders at 08:55Z, 09:55Z, …
    let blocks = (1...70).map { index in
      // 1 795 424 400 is 2026-11-23T09:00:00Z.
      let start = Date(timeIntervalSince1970: 1_795_424_400 + Double(index - 1) * 3600)
      let formatter = ISO8601DateFormatter()
      return """
        {"id": "b\(index < 10 ? "0" : "")\(index)", "title": "Block \(index)", \
        "start": "\(formatter.string(from: start))", "end": "\(formatter.string(from: start + 1800))"}
        """
    }
    let output = try plan(
      "{\"timeZone\": \"UTC\", \"focusBlocks\": [\(blocks.joined(separator: ","))]}",
      now: "2026-11-22T12:00:00Z")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let pending = try #require(document["pending"] as? [[String: Any]])
    let deferred = try #require(document["deferred"] as? [[String: String]])
    #expect(pending.count == 64)
    #expect(pending.last?["id"] as? String == "focus-block-start-b64")
    #expect(pending.last?["fireDate"] as? String == "2026-11-25T23:55:00Z")
    #expect(
      deferred == [
        ["id": "focus-block-start-b65", "fireDate": "2026-11-26T00:55:00Z"],
        ["id": "focus-block-start-b66", "fireDate": "2026-11-26T01:55:00Z"],
        ["id": "focus-block-start-b67", "fireDate": "2026-11-26T02:55:00Z"],
        ["id": "focus-block-start-b68", "fireDate": "2026-11-26T03:55:00Z"],
        ["id": "focus-block-start-b69", "fireDate": "2026-11-26T04:55:00Z"],
        ["id": "focus-block-start-b70", "fireDate": "2026-11-26T05:55:00Z"],
      ])
    // Without limits nothing is deferred.
    let unlimited = try plan(
      "{\"timeZone\": \"UTC\", \"focusBlocks\": [\(blocks.joined(separator: ","))]}",
      now: "2026-11-22T12:00:00Z",
      limits: "unlimited")
    #expect(unlimited.hasSuffix("  \"deferred\": []\n}\n"))
  }

  @Test(arguments: [("de", "Deep Work beginnt in 1 Minute"), ("en", "Deep Work starts in 1 minute")])
  func aOneMinuteLeadIsSingular(locale: String, body: String) throws {
    let output = try plan(
      """
      {"timeZone": "UTC", "locale": "\(locale)", "settings": {"focusBlockLeadMinutes": 1},
       "focusBlocks": [{"id": "b1", "title": "Deep Work", "start": "2026-11-23T09:00:00Z",
                        "end": "2026-11-23T10:00:00Z"}]}
      """, now: "2026-11-22T12:00:00Z")
    #expect(output.contains("\"body\": \"\(body)\""))
    #expect(output.contains("\"fireDate\": \"2026-11-23T08:59:00Z\""))
  }
}
