/// What to change so that the pending requests become the desired ones.
public struct ReconciliationChanges: Sendable, Hashable {
  /// Ids to remove from the pending set.
  public var removals: [String]
  /// Requests to add (an added id replaces a pending one).
  public var additions: [PlannedNotification]

  public var isEmpty: Bool { removals.isEmpty && additions.isEmpty }
}
