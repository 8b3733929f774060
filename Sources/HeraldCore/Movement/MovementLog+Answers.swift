import Foundation

extension MovementLog {
  /// A regular movement reminder was shown at `date`: it now awaits an answer (or its follow-up),
  /// and counts as reminded on `day`, its day in the user's zone.
  public mutating func recordReminderShown(at date: Date, on day: CivilDate) {
    lastReminderAt = date
    lastReminderAnswered = false
    count(on: day) { $0.delivered += 1 }
  }

  /// The user marked the reminder done at `date`: no follow-up, no snoozed repeat, and one more
  /// done on that day in the resolver's zone.
  public mutating func recordAcknowledged(at date: Date, resolver: WallClockResolver) {
    lastReminderAnswered = true
    snoozedAt = nil
    count(on: resolver.day(at: date)) { $0.acknowledged += 1 }
  }

  /// The user asked at `date` to be reminded again 5 minutes later: an answer, so no follow-up.
  public mutating func recordSnoozed(at date: Date) {
    lastReminderAnswered = true
    snoozedAt = date
  }

  /// Counts on `day`; the counts of an earlier day are dropped, because the progress report only
  /// ever tells about the day it fires on.
  private mutating func count(on day: CivilDate, _ change: (inout MovementProgress) -> Void) {
    if progressDay != day {
      progressDay = day
      progress = MovementProgress()
    }
    change(&progress)
  }
}
