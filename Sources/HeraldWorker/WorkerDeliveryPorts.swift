import Foundation
import HeraldCore
import HeraldPostgres

/// A worker's ports (`DeliveryPorts`) for one claimed row: the log is what the user's earlier rows
/// said, the channels the user's webhook (through its receiver's gate) and devices, and nothing is
/// recorded here — the outcome is, in batches, by the worker's recorder. `nil`: the claim is no
/// longer this worker's, and nothing was sent.
struct WorkerDeliveryPorts: DeliveryPorts {
  let worker: DeliveryWorker
  let row: ClaimedDelivery
  let user: HeraldUser
  let permit: HeldPermit

  func log(for due: DueReminder) async throws -> [DeliveryKey: DeliveryStatus] {
    try await worker.log(for: due, of: row)
  }

  func now() -> Date { worker.clock.now() }

  func skip(_ due: DueReminder, _ reason: DeliveryDecision.SkipReason) -> DeliveryOutcome? { .skipped }

  func recordSilently(_ due: DueReminder, effects: [DeliveryEffect]) -> DeliveryOutcome? {
    .silenced(effects: effects)
  }

  func recordMissed(_ due: DueReminder, key: DeliveryKey) -> DeliveryOutcome? {
    worker.logger.info("missed", metadata: ["user": "\(user.name)", "id": "\(row.requestID)"])
    return .missed
  }

  func show(_ delivery: Delivery) async throws -> DeliveryOutcome? {
    try await worker.send(delivery, of: row, user: user, permit: permit)
  }
}
