import Foundation

/// What to do with a reminder that has come due: the one delivery rule, shared by the daemon and
/// every other process that delivers.
public enum DeliveryDecision: Sendable, Hashable {
  /// Show it (on time or late) and record it.
  case show(Delivery)
  /// Show nothing and record nothing.
  case skip(SkipReason)
  /// Show nothing; record it as missed, its time having passed too long ago.
  case recordMissed(DeliveryKey)
  /// Show nothing and keep nothing in the delivery log, but record what it changes: the user
  /// switched its kind off, and a point of interest reached still counts.
  case recordSilently([DeliveryEffect])

  public enum SkipReason: Sendable, Hashable {
    /// The log has it already: shown, or recorded as missed.
    case alreadyHandled(DeliveryStatus)
    /// An earlier reminder in the log said the same thing.
    case saidBefore(DeliveryKey)
  }

  /// Decides for `due` at `now`, from what the delivery log knows about the keys it names
  /// (`due.keysToLookUp`; a key missing from `log` has no record).
  public static func decide(
    _ due: DueReminder, log: [DeliveryKey: DeliveryStatus], now: Date, policy: DeliveryPolicy
  ) -> DeliveryDecision {
    if let status = log[due.key] { return .skip(.alreadyHandled(status)) }
    if let earlier = due.saidBefore.first(where: { log[$0] != nil }) { return .skip(.saidBefore(earlier)) }
    if due.isSilenced { return .recordSilently(due.effects) }
    let overdue = now.timeIntervalSince(due.notification.fireDate)
    guard overdue <= policy.graceWindow else { return .recordMissed(due.key) }
    return .show(
      Delivery(
        notification: due.notification, displayContent: due.displayContent, deliveredAt: now,
        late: overdue > policy.lateAfter, actions: due.actions, language: due.language, effects: due.effects,
        slot: due.slot, awaiting: due.awaiting))
  }
}
