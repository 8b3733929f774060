import Foundation
import HeraldCore
import HeraldTestSupport
import Synchronization
import Testing

/// The one step from a due reminder to its effects: the log is read first, the time after it, and
/// each decision reaches the one port that carries it out.
@Suite struct DeliveryExecutorTests {
  /// Ports that note each call, with a log and a time set by the test.
  final class NotingPorts: DeliveryPorts {
    let known: [DeliveryKey: DeliveryStatus]
    let at: Date
    let calls = Mutex<[String]>([])

    init(known: [DeliveryKey: DeliveryStatus] = [:], at: Date) {
      self.known = known
      self.at = at
    }

    private func note(_ call: String) { calls.withLock { $0.append(call) } }

    func log(for due: DueReminder) async throws -> [DeliveryKey: DeliveryStatus] {
      note("log \(due.key.requestID)")
      return known
    }

    func now() -> Date {
      note("now")
      return at
    }

    func skip(_ due: DueReminder, _ reason: DeliveryDecision.SkipReason) -> String {
      note("skip")
      return reason == .alreadyHandled(.delivered) ? "already shown" : "skipped"
    }

    func recordSilently(_ due: DueReminder, effects: [DeliveryEffect]) -> String {
      note("recordSilently")
      return "silenced"
    }

    func recordMissed(_ due: DueReminder, key: DeliveryKey) -> String {
      note("recordMissed \(key.requestID)")
      return "missed"
    }

    func show(_ delivery: Delivery) -> String {
      note("show")
      return delivery.late ? "shown late" : "shown"
    }
  }

  let fire = DeliveryDecisionTests.fire

  @Test func aReminderDueIsShownThroughTheShowPortAfterTheLogIsRead() async throws {
    let ports = NotingPorts(at: fire.addingTimeInterval(60))
    let outcome = try await DeliveryExecutor.carryOut(
      DeliveryDecisionTests.due(), policy: DeliveryPolicy(), through: ports)
    #expect(outcome == "shown late")
    #expect(ports.calls.withLock { $0 } == ["log focus-block-start-b1", "now", "show"])
  }

  @Test func theLogsKnowledgeSkipsAndAnOldReminderIsRecordedMissed() async throws {
    let due = DeliveryDecisionTests.due()
    let known = NotingPorts(known: [due.key: .delivered], at: fire)
    #expect(
      try await DeliveryExecutor.carryOut(due, policy: DeliveryPolicy(), through: known) == "already shown")
    #expect(known.calls.withLock { $0 }.last == "skip")

    let old = NotingPorts(at: fire.addingTimeInterval(13 * 3600))
    #expect(try await DeliveryExecutor.carryOut(due, policy: DeliveryPolicy(), through: old) == "missed")
    #expect(old.calls.withLock { $0 }.last == "recordMissed focus-block-start-b1")
  }
}
