import Foundation

/// Anything that knows a zone's offset from UTC at every instant and where it changes: a `Zone`
/// (the tz database's, a POSIX string's), or a zone an iCalendar file defines itself
/// (`ObservanceTimeZone`). Herald's gap and overlap rule is written once, here, for all of them.
public protocol ZoneOffsets: Sendable {
  /// The offset from UTC, in seconds, in force at an instant in whole seconds since 1970.
  func offset(at instant: Int64) -> Int
  /// The offset in force at `low`; and `body` called with each change of offset at an instant
  /// after `low` and at or before `high`, ascending. (One call for both: a table finds them with
  /// one search.)
  func offset(at low: Int64, changesThrough high: Int64, _ body: (ZoneTransition) -> Void) -> Int
}

extension ZoneOffsets {
  /// No zone is more than 26 hours from UTC (RFC 8536 §3.2), so every change that can decide how a
  /// reading resolves lies within this many seconds of it.
  static var reach: Int64 { 30 * 3600 }

  /// Calls `body` with each change of offset after `low` through `high`, ascending.
  public func forEachChange(after low: Int64, through high: Int64, _ body: (ZoneTransition) -> Void) {
    _ = offset(at: low, changesThrough: high, body)
  }

  /// The offset from UTC, in seconds, in force at an instant given as seconds since 1970.
  public func offset(atEpochSeconds seconds: Double) -> Int { offset(at: Zone.instant(seconds)) }

  /// Seconds since 1970 at which the wall clock reads `localSeconds` (a `LocalDateTime`'s).
  ///
  /// A reading that does not exist (skipped by a change to summer time) keeps the offset in force
  /// before the change; one that exists twice is the earlier instant (`contracts/plan.md`,
  /// RFC 5545 §3.3.5). Said per change: the wall clock goes over to a change's new offset where the
  /// later of its two readings of that instant is, the end of a gap or of an overlap — as Python's
  /// `zoneinfo` does for `fold=0`.
  public func resolvedEpochSeconds(localSeconds: Int) -> Double {
    let local = Int64(localSeconds)
    var latest: Int?
    let before = offset(at: local - Self.reach, changesThrough: local + Self.reach) { change in
      if change.instant + Int64(max(change.before, change.after)) <= local { latest = change.after }
    }
    return Double(local - Int64(latest ?? before))
  }

  /// The instant at which the wall clock reads `local`.
  public func instant(at local: LocalDateTime) -> Date {
    Date(timeIntervalSince1970: resolvedEpochSeconds(localSeconds: local.localSeconds))
  }

  /// The wall-clock reading at an instant (whole seconds, rounded down).
  public func localDateTime(at date: Date) -> LocalDateTime {
    let utc = Zone.instant(date.timeIntervalSince1970)
    return LocalDateTime(localSeconds: Int(utc + Int64(offset(at: utc))))
  }

  /// The instant at which the wall clock in this zone reads `minuteOfDay` on `day`.
  public func instant(on day: CivilDate, minuteOfDay: Int) -> Date {
    Date(timeIntervalSince1970: epochSeconds(on: day, secondOfDay: minuteOfDay * 60))
  }

  /// The instant at which the wall clock reads `time` on `day`.
  public func instant(on day: CivilDate, at time: WallClockTime) -> Date {
    instant(on: day, minuteOfDay: time.minuteOfDay)
  }

  /// Seconds since 1970 at which the wall clock reads `secondOfDay` on `day`.
  public func epochSeconds(on day: CivilDate, secondOfDay: Int) -> Double {
    resolvedEpochSeconds(localSeconds: day.daysSinceEpoch * 86_400 + secondOfDay)
  }

  /// The wall-clock day and second of day at an instant.
  public func wallClock(at date: Date) -> (day: CivilDate, secondOfDay: Int) {
    let reading = localDateTime(at: date)
    return (reading.date, reading.secondOfDay)
  }

  /// The wall-clock time at an instant, to the minute (rounded down).
  public func time(at date: Date) -> WallClockTime {
    WallClockTime(minuteOfDay: wallClock(at: date).secondOfDay / 60) ?? WallClockTime(0, 0)
  }

  /// The wall-clock day at an instant.
  public func day(at date: Date) -> CivilDate { wallClock(at: date).day }
}
