import Foundation

/// Converts between instants and wall-clock readings in one time zone, by Herald's rules.
///
/// A reading that does not exist (skipped by a spring-forward change) resolves to the same reading
/// with the offset in force before the change; a reading that exists twice (fall-back) resolves to
/// the earlier instant. Both rules are in `contracts/plan.md`.
///
/// Asking `TimeZone` for an offset costs about a microsecond, so a resolver built with a `window`
/// reads the zone's transitions inside it once and answers from a table afterwards.
public struct WallClockResolver: Sendable {
  public let timeZone: TimeZone
  /// Instants (seconds since 1970) where the offset changes, ascending, inside the window.
  private let transitions: [Double]
  /// `offsets[i]` is in force before `transitions[i]`; the last one after the last transition.
  private let offsets: [Int]
  private let window: ClosedRange<Double>

  /// A resolver that asks the time zone on every call.
  public init(timeZone: TimeZone) {
    self.init(timeZone: timeZone, transitions: [], offsets: [], window: 0...0)
  }

  private init(timeZone: TimeZone, transitions: [Double], offsets: [Int], window: ClosedRange<Double>) {
    self.timeZone = timeZone
    self.transitions = transitions
    self.offsets = offsets
    self.window = window
  }

  /// A resolver with the zone's offsets inside `window` read ahead (a day of slack on each side).
  public init(timeZone: TimeZone, window: DateInterval) {
    let start = window.start.addingTimeInterval(-2 * 86_400)
    let end = window.end.addingTimeInterval(2 * 86_400)
    var transitions: [Double] = []
    var offsets = [timeZone.secondsFromGMT(for: start)]
    var cursor = start
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < end,
      transitions.count < 64
    {
      transitions.append(next.timeIntervalSince1970)
      offsets.append(timeZone.secondsFromGMT(for: next))
      cursor = next
    }
    // If the zone's offset at the end disagrees with the table, a change was not reported as a
    // daylight-saving transition: fall back to asking the zone every time.
    if offsets.last != timeZone.secondsFromGMT(for: end) {
      self.init(timeZone: timeZone)
      return
    }
    self.init(
      timeZone: timeZone, transitions: transitions, offsets: offsets,
      window: start.timeIntervalSince1970...end.timeIntervalSince1970)
  }

  /// The zone's offset from UTC, in seconds, at an instant given as seconds since 1970.
  public func offset(atEpochSeconds seconds: Double) -> Int {
    guard !offsets.isEmpty, window.contains(seconds) else {
      return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }
    var index = 0
    while index < transitions.count, transitions[index] <= seconds { index += 1 }
    return offsets[index]
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
    let utc = date.timeIntervalSince1970
    let local = Int((utc + Double(offset(atEpochSeconds: utc))).rounded(.down))
    let days = Int((Double(local) / 86_400).rounded(.down))
    return (CivilDate(daysSinceEpoch: days), local - days * 86_400)
  }

  /// The wall-clock time at an instant, to the minute (rounded down).
  public func time(at date: Date) -> WallClockTime {
    WallClockTime(minuteOfDay: wallClock(at: date).secondOfDay / 60) ?? WallClockTime(0, 0)
  }

  /// The wall-clock day at an instant.
  public func day(at date: Date) -> CivilDate { wallClock(at: date).day }
}
