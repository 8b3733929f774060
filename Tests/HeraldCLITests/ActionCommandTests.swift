import Foundation
import HeraldStore
import HeraldTestSupport
import Testing

/// `herald snooze` and `herald ack`: the movement reminder's buttons on the command line write
/// what the buttons write, so a running daemon picks them up.
@Suite struct ActionCommandTests {
  func database() throws -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(UUID().uuidString).sqlite").path
  }

  @Test func snoozeRecordsASnoozeAndAnAnswer() throws {
    let path = try database()
    let result = try HeraldProcess.run(["snooze", "--database", path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("5"))
    let log = try HeraldStore(path: path).movementLog()
    #expect(log.snoozedAt != nil)
    #expect(log.lastReminderAnswered)
  }

  @Test func ackCountsADoneBreakAndAnswersTheReminder() throws {
    let path = try database()
    let result = try HeraldProcess.run(["ack", "--database", path])
    #expect(result.status == 0)
    let log = try HeraldStore(path: path).movementLog()
    #expect(log.progress.acknowledged == 1)
    #expect(log.lastReminderAnswered)
    #expect(log.snoozedAt == nil)
  }
}
