import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Testing

/// `herald snooze` and `herald ack`: the movement reminder's buttons on the command line write
/// what the buttons write, so a running daemon picks them up.
@Suite struct ActionCommandTests {
  func database() throws -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(UUID().uuidString).sqlite").path
  }

  /// A movement reminder shown, as the daemon records it, so that there is one to answer.
  func showReminder(_ path: String) throws {
    let now = Date()
    try SQLiteStore(path: path).recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: now), deliveredAt: now, late: false,
      effects: [.movementReminderShown(at: now, day: HeraldProcess.timeZone.day(at: now))])
  }

  @Test func snoozeRecordsASnoozeAndAnAnswer() throws {
    let path = try database()
    try showReminder(path)
    let result = try HeraldProcess.run(["snooze", "--database", path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("5"))
    let log = try SQLiteStore(path: path).movementLog()
    #expect(log.snoozedAt != nil)
    #expect(log.lastReminderAnswered)
  }

  @Test func ackCountsADoneBreakAndAnswersTheReminder() throws {
    let path = try database()
    try showReminder(path)
    let result = try HeraldProcess.run(["ack", "--database", path])
    #expect(result.status == 0)
    let log = try SQLiteStore(path: path).movementLog()
    #expect(log.progress.acknowledged == 1)
    #expect(log.lastReminderAnswered)
    #expect(log.snoozedAt == nil)
  }

  @Test(arguments: ["ack", "snooze"])
  func withNothingWaitingTheCommandSaysSoAndChangesNothing(_ command: String) throws {
    let path = try database()
    _ = try SQLiteStore(path: path)
    let before = try SQLiteStore(path: path, access: .readOnly).dump()
    let result = try HeraldProcess.run([command, "--database", path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let expected = command == "ack" ? "nothing to mark done" : "nothing to snooze"
    #expect(result.stderr == "error: \(expected): no movement reminder is waiting for an answer\n")
    #expect(try SQLiteStore(path: path, access: .readOnly).dump() == before)
  }
}
