import Foundation
import HeraldCore

/// Instants a person types relative to now, so that a command written down runs on any day:
/// `today 14:00`, `tomorrow 14:00`, `monday 09:00` (the next Monday, never today), `+2h`, `+30m`,
/// `+1d`, `+1h30m`, `now`.
///
/// A day with a time is a wall-clock reading, resolved in the zone by the gap/overlap rule as any
/// other. `+Nh` and `+Nm` are exact durations; `+Nd` keeps the wall-clock time N days later (across
/// a change of the clocks, as a person counts days). Everything counts from the current minute,
/// so `+2h` at 16:58:50 is 18:58:00: stored instants and listings stay on whole minutes.
public enum RelativeInstant {
  /// What a text names: an exact instant, or a reading on the zone's wall clock.
  public enum Reading: Equatable, Sendable {
    case instant(Date)
    case wallClock(CivilDate, secondOfDay: Int)
  }

  /// The reading `text` names at `now` in `zone`; `nil` when it is not one of the relative forms.
  /// A day without a time (`tomorrow`) reads as `dayAlone` on that day, and is `nil` without it.
  public static func reading(_ text: String, now: Date, zone: Zone, dayAlone: WallClockTime? = nil)
    -> Reading?
  {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    let minute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    let (today, secondOfDay) = zone.wallClock(at: minute)
    if words == ["now"] { return .instant(minute) }
    if words.count == 1, words[0].hasPrefix("+") {
      return offset(
        String(words[0].dropFirst()), from: minute, today: today, secondOfDay: secondOfDay, zone: zone)
    }
    guard (1...2).contains(words.count), let day = self.day(words[0], today: today) else { return nil }
    guard words.count == 2 else {
      return dayAlone.map { .wallClock(day, secondOfDay: $0.minuteOfDay * 60) }
    }
    guard let time = clockTime(words[1]) else { return nil }
    return .wallClock(day, secondOfDay: time.minuteOfDay * 60)
  }

  /// `today`, `tomorrow`, or a weekday (`monday`, `mon`): the next one after today.
  private static func day(_ word: String, today: CivilDate) -> CivilDate? {
    switch word {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default:
      guard
        let weekday = Weekday.allCases.first(where: {
          $0.rawValue == word || (word.count == 3 && $0.rawValue.hasPrefix(word))
        })
      else { return nil }
      return (1...7).lazy.map { today.adding(days: $0) }.first { $0.weekday == weekday }
    }
  }

  /// `14:00` or `9:00`.
  private static func clockTime(_ word: String) -> WallClockTime? {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) }), let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    return WallClockTime(hour: hour, minute: minute)
  }

  /// `2h`, `30m`, `1d`, `1d2h30m`: days on the wall clock, then hours and minutes exactly.
  private static func offset(
    _ text: String, from minute: Date, today: CivilDate, secondOfDay: Int, zone: Zone
  ) -> Reading? {
    var days = 0
    var seconds = 0
    var number = ""
    var units = Set<Character>()
    for character in text {
      if character.isASCII, character.isNumber {
        number.append(character)
        continue
      }
      // Each unit once, after a number of at most 5 digits (a year of minutes fits in 6).
      guard !number.isEmpty, number.count <= 5, let value = Int(number), units.insert(character).inserted
      else { return nil }
      switch character {
      case "d": days = value
      case "h": seconds += value * 3600
      case "m": seconds += value * 60
      default: return nil
      }
      number = ""
    }
    guard number.isEmpty, !units.isEmpty else { return nil }
    guard days > 0 else { return .instant(minute.addingTimeInterval(Double(seconds))) }
    let day = today.adding(days: days)
    guard seconds > 0 else { return .wallClock(day, secondOfDay: secondOfDay) }
    let start = zone.epochSeconds(on: day, secondOfDay: secondOfDay)
    return .instant(Date(timeIntervalSince1970: start + Double(seconds)))
  }

  /// A relative text to suggest in an error: tomorrow's date at 14:00, in the absolute form.
  public static func example(now: Date, zone: Zone) -> String {
    "\(zone.wallClock(at: now).day.adding(days: 1))T14:00"
  }
}
