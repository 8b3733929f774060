/// A day's movement counts, for the progress report.
public struct MovementProgress: Sendable, Hashable, Codable {
  /// Reminders shown today.
  public var delivered: Int
  /// Reminders the user marked done today.
  public var acknowledged: Int

  public init(delivered: Int = 0, acknowledged: Int = 0) {
    self.delivered = delivered
    self.acknowledged = acknowledged
  }
}
