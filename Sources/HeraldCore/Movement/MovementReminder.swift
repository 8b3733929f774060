import Foundation

/// The next movement reminder: when, and in which style (spec 003's tuple `(Date, NotificationStyle)`).
public struct MovementReminder: Sendable, Hashable {
  public var fireDate: Date
  public var style: NotificationStyle
  /// The wall-clock day and time the schedule named.
  public var day: CivilDate
  public var time: WallClockTime

  public init(fireDate: Date, style: NotificationStyle, day: CivilDate, time: WallClockTime) {
    self.fireDate = fireDate
    self.style = style
    self.day = day
    self.time = time
  }
}

extension MovementSchedule {
  /// How many calendar days after today the search for the next reminder looks.
  public static let lookaheadDays = 7

  /// The spec's `calculateNextReminderTime`: the earliest reminder strictly after `now`, today in
  /// `zone` or within the 7 calendar days after it; `nil` when there is none.
  ///
  /// Ties at the same instant go to the block listed first. Wall-clock times resolve as in
  /// `WallClockResolver` (a skipped time moves past the gap, a repeated one takes the earlier).
  public func nextReminder(after now: Date, zone: Zone) -> MovementReminder? {
    let today = zone.day(at: now)
    let nowSeconds = now.timeIntervalSince1970
    var best: (seconds: Double, day: CivilDate, minute: Int, style: NotificationStyle)?
    var lastDay = today.daysSinceEpoch + Self.lookaheadDays
    var dayNumber = today.daysSinceEpoch
    while dayNumber <= lastDay {
      let day = CivilDate(daysSinceEpoch: dayNumber)
      forEachCandidate(on: day.weekday) { minute, style in
        let seconds = zone.epochSeconds(on: day, secondOfDay: minute * 60)
        if seconds > nowSeconds, best == nil || seconds < (best?.seconds ?? 0) {
          best = (seconds, day, minute, style)
        }
      }
      // A later day's times can only come earlier than this day's through a DST shift, which
      // moves a time by less than a day: one more day settles it.
      if best != nil, lastDay > dayNumber + 1 { lastDay = dayNumber + 1 }
      dayNumber += 1
    }
    guard let best, let time = WallClockTime(minuteOfDay: best.minute) else { return nil }
    return MovementReminder(
      fireDate: Date(timeIntervalSince1970: best.seconds), style: best.style, day: best.day, time: time)
  }
}
