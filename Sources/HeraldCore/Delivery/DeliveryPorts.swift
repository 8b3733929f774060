import Foundation

/// Where a runner carries delivery decisions out (`DeliveryExecutor`): its delivery log, read and
/// written, and its channels, which a reminder shown goes to. The daemon's are a SQLite log and
/// its sinks, a port per channel (desktop, terminal, stdout, webhook, push); a worker's are the
/// claimed row, recorded in batches when it is done, and the user's webhook and devices.
public protocol DeliveryPorts: Sendable {
  /// What came of one reminder, as the runner keeps count and records it.
  associatedtype Outcome: Sendable

  /// What the log knows of the keys `due` names that the runner does not know already.
  func log(for due: DueReminder) async throws -> [DeliveryKey: DeliveryStatus]
  /// The time the decision is taken at: read once the log has been.
  func now() -> Date
  /// Nothing is shown nor recorded.
  func skip(_ due: DueReminder, _ reason: DeliveryDecision.SkipReason) async throws -> Outcome
  /// Nothing is shown; what it changes counts (`DeliveryDecision.recordSilently`).
  func recordSilently(_ due: DueReminder, effects: [DeliveryEffect]) async throws -> Outcome
  /// Its time passed too long ago: recorded as missed.
  func recordMissed(_ due: DueReminder, key: DeliveryKey) async throws -> Outcome
  /// Shown on the runner's channels, then recorded.
  func show(_ delivery: Delivery) async throws -> Outcome
}
