import Foundation

/// What happened to movement reminders so far: the input for snooze, follow-up and progress report.
///
/// A device keeps this as the user answers notifications; the planner's movement kinds turn it into
/// requests, so the three follow-on notifications obey the same reconciliation as everything else.
public struct MovementLog: Sendable, Hashable {
  /// When the last regular reminder was shown.
  public var lastReminderAt: Date?
  /// Whether the user answered it (done or snoozed): an answered reminder gets no follow-up.
  public var lastReminderAnswered: Bool
  /// When the user last asked to snooze; the snoozed reminder fires 5 minutes later.
  public var snoozedAt: Date?
  /// The day `progress` counts, in the user's zone.
  public var progressDay: CivilDate?
  public var progress: MovementProgress

  public init(
    lastReminderAt: Date? = nil, lastReminderAnswered: Bool = false, snoozedAt: Date? = nil,
    progressDay: CivilDate? = nil, progress: MovementProgress = MovementProgress()
  ) {
    self.lastReminderAt = lastReminderAt
    self.lastReminderAnswered = lastReminderAnswered
    self.snoozedAt = snoozedAt
    self.progressDay = progressDay
    self.progress = progress
  }
}
