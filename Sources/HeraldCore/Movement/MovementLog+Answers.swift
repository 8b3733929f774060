import Foundation

extension MovementLog {
  /// A regular movement reminder was shown at `date`: it now awaits an answer (or its follow-up),
  /// and counts as reminded on `day`, its day in the user's zone.
  public mutating func recordReminderShown(at date: Date, on day: CivilDate) {
    lastReminderAt = date
    lastReminderAnswered = false
    count(on: day) { $0.delivered += 1 }
  }

  /// Whether a movement reminder waits for an answer: one was shown and not marked done since
  /// (a snoozed one still waits). "Done" and "snooze" with nothing waiting change nothing, so a
  /// day never reads "3 of 0 breaks done".
  public var hasReminderAwaitingAnswer: Bool {
    lastReminderAt != nil && (!lastReminderAnswered || snoozedAt != nil)
  }

  /// The user marked the reminder done at `date`: no follow-up, no snoozed repeat, and one more
  /// done on the day it was shown (the zone's day of `date` when that is unknown).
  /// Returns false, changing nothing, when no reminder waits for an answer.
  @discardableResult
  public mutating func recordAcknowledged(at date: Date, zone: Zone) -> Bool {
    guard hasReminderAwaitingAnswer else { return false }
    lastReminderAnswered = true
    snoozedAt = nil
    count(on: progressDay ?? zone.day(at: date)) { $0.acknowledged += 1 }
    return true
  }

  /// The user asked at `date` to be reminded again 5 minutes later: an answer, so no follow-up.
  /// Returns false, changing nothing, when no reminder waits for an answer.
  @discardableResult
  public mutating func recordSnoozed(at date: Date) -> Bool {
    guard hasReminderAwaitingAnswer else { return false }
    lastReminderAnswered = true
    snoozedAt = date
    return true
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
