import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import Logging

/// The daemon's ports (`DeliveryPorts`): its SQLite delivery log and its sinks, one per channel.
/// A reminder shown is recorded after every sink had it, with the channels that took it: a crash
/// in between shows it again rather than never.
struct DaemonDeliveryPorts: DeliveryPorts {
  /// What the daemon counts.
  enum Outcome: Sendable {
    case none, shown, missed
  }

  let store: SQLiteStore
  let sinks: [any DeliverySink]
  let at: Date
  let logger: Logger

  func log(for due: DueReminder) async throws -> [DeliveryKey: DeliveryStatus] {
    try store.deliveryStatuses(due.keysToLookUp)
  }

  func now() -> Date { at }

  func skip(_ due: DueReminder, _ reason: DeliveryDecision.SkipReason) -> Outcome { .none }

  func recordSilently(_ due: DueReminder, effects: [DeliveryEffect]) throws -> Outcome {
    try store.recordEffects(effects)
    logger.info("recorded silently", metadata: ["id": "\(ReminderDaemon.logLabel(due.notification))"])
    return .none
  }

  func recordMissed(_ due: DueReminder, key: DeliveryKey) throws -> Outcome {
    try store.recordMissed(key)
    logger.info(
      "missed", metadata: ["id": "\(key.requestID)", "fireDate": "\(RFC3339.utcString(key.fireDate))"])
    return .missed
  }

  func show(_ delivery: Delivery) async throws -> Outcome {
    var channels: [String] = []
    for sink in sinks {
      do {
        try await sink.deliver(delivery)
        channels.append(sink.channel)
      } catch {
        logger.error("a sink failed", metadata: ["id": "\(delivery.key.requestID)", "error": "\(error)"])
      }
    }
    try store.recordDelivery(
      delivery.key, deliveredAt: delivery.deliveredAt, late: delivery.late, effects: delivery.effects,
      slot: delivery.slot, awaiting: delivery.awaiting, channels: channels)
    logger.info(
      "shown",
      metadata: ["id": "\(ReminderDaemon.logLabel(delivery.notification))", "late": "\(delivery.late)"])
    logger.debug(
      "shown text", metadata: ["id": "\(delivery.key.requestID)", "title": "\(delivery.content.title)"])
    return .shown
  }
}
