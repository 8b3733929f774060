/// Compares desired with pending requests: cancel-on-delete and update-on-edit in one place.
///
/// A deleted block's request is pending but no longer desired, so it is removed; an edited
/// block's request differs in fire date or content, so it is replaced; an unchanged one is left
/// alone, which makes replanning idempotent.
public enum Reconciler {
  /// The changes that turn `pending` into `desired`, touching only ids for which `owns` is true
  /// (requests of other origins, such as a snooze, are left alone).
  public static func changes(
    desired: [PlannedNotification], pending: [PlannedNotification], owns: (String) -> Bool = { _ in true }
  ) -> ReconciliationChanges {
    let pendingByID = Dictionary(
      pending.filter { owns($0.identifier) }.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
    let desiredIDs = Set(desired.map(\.identifier))
    let removals = pendingByID.keys.filter { !desiredIDs.contains($0) }.sorted()
    let additions = desired.filter { wanted in
      guard let current = pendingByID[wanted.identifier] else { return true }
      return !current.isEquivalent(to: wanted)
    }
    return ReconciliationChanges(
      removals: removals, additions: additions.sorted(by: PlannedNotification.soonestFirst))
  }

  /// Applies the changes to a scheduler and returns them.
  @discardableResult
  public static func reconcile(
    _ scheduler: some NotificationScheduling, desired: [PlannedNotification],
    owns: @Sendable (String) -> Bool = { _ in true }
  ) async throws -> ReconciliationChanges {
    let changes = changes(desired: desired, pending: await scheduler.pendingNotifications(), owns: owns)
    if !changes.removals.isEmpty {
      await scheduler.removePendingNotifications(withIdentifiers: changes.removals)
    }
    for addition in changes.additions { try await scheduler.add(addition) }
    return changes
  }
}
