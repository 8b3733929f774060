import Foundation
import HeraldCore

/// The zones one `VCALENDAR` can name: IANA names first (`contracts/calendar.md`), then the
/// file's own `VTIMEZONE`s, Outlook and Exchange style; floating times and dates in `floating`.
final class ICalendarZones {
  let floating: any ZoneOffsets
  private let defined: [String: ObservanceTimeZone]
  private let window: DateInterval
  private var known: [String: any ZoneOffsets] = [:]

  init(calendar: ICalendarComponent, floating: TimeZone, window: DateInterval) throws(ICalendarProblem) {
    self.floating = WallClockResolver(timeZone: floating, window: window)
    self.window = window
    var defined: [String: ObservanceTimeZone] = [:]
    for component in calendar.components where component.name == "VTIMEZONE" {
      let zone = try Self.observanceZone(component, window: window)
      defined[zone.identifier] = zone
    }
    self.defined = defined
  }

  /// The zone of a `TZID`; unknown ones are an error.
  func zone(_ tzid: String, line: Int, uid: String?) throws(ICalendarProblem) -> any ZoneOffsets {
    // Asking Foundation for a name it does not know costs a look in the zone database every
    // time: each answer is kept, the file's own zones' too.
    if let zone = known[tzid] { return zone }
    if let timeZone = TimeZone(identifier: tzid) {
      let resolver = WallClockResolver(timeZone: timeZone, window: window)
      known[tzid] = resolver
      return resolver
    }
    if let zone = defined[tzid] {
      known[tzid] = zone
      return zone
    }
    throw ICalendarProblem(
      line: line, uid: uid, "unknown TZID \"\(tzid)\": not an IANA time zone and no VTIMEZONE defines it")
  }

  private static func observanceZone(_ component: ICalendarComponent, window: DateInterval)
    throws(ICalendarProblem)
    -> ObservanceTimeZone
  {
    guard let tzid = component.property("TZID")?.value, !tzid.isEmpty else {
      throw ICalendarProblem(line: component.line, "VTIMEZONE without TZID")
    }
    func fail(_ line: Int, _ problem: String) -> ICalendarProblem {
      ICalendarProblem(line: line, "VTIMEZONE \(tzid): \(problem)")
    }
    var observances: [ObservanceTimeZone.Observance] = []
    for child in component.components where child.name == "STANDARD" || child.name == "DAYLIGHT" {
      guard let start = child.property("DTSTART"), let reading = ICalendarTime.parse(start.value),
        !reading.isUTC
      else { throw fail(child.line, "\(child.name) needs a local DTSTART YYYYMMDDTHHMMSS") }
      let from = try offset(child, "TZOFFSETFROM", fail)
      let to = try offset(child, "TZOFFSETTO", fail)
      var rule: RecurrenceRule?
      if let text = child.property("RRULE") {
        do {
          rule = try RecurrenceRuleText.parse(text.value)
        } catch {
          throw fail(text.line, "RRULE: \(error.problem)")
        }
      }
      var extra: [LocalDateTime] = []
      for rdate in child.properties("RDATE") {
        for text in rdate.value.split(separator: ",") {
          guard let value = ICalendarTime.parse(String(text)), !value.isUTC else {
            throw fail(rdate.line, "RDATE: not a local date-time: \"\(text)\"")
          }
          extra.append(value.local)
        }
      }
      observances.append(
        .init(start: reading.local, offsetFrom: from, offsetTo: to, rule: rule, extraStarts: extra))
    }
    guard !observances.isEmpty else { throw fail(component.line, "no STANDARD or DAYLIGHT observance") }
    return ObservanceTimeZone(identifier: tzid, observances: observances, window: window)
  }

  /// `±HHMM` or `±HHMMSS`, in seconds.
  private static func offset(
    _ component: ICalendarComponent, _ name: String, _ fail: (Int, String) -> ICalendarProblem
  ) throws(ICalendarProblem) -> Int {
    guard let property = component.property(name) else {
      throw fail(component.line, "\(component.name) has no \(name)")
    }
    let text = Array(property.value.utf8)
    let digits = text.dropFirst().map { Int($0) - Int(UInt8(ascii: "0")) }
    guard text.count == 5 || text.count == 7, text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-"),
      digits.allSatisfy({ (0...9).contains($0) })
    else { throw fail(property.line, "\(name): not an offset ±HHMM[SS]: \"\(property.value)\"") }
    let seconds =
      (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
      + (digits.count == 6 ? digits[4] * 10 + digits[5] : 0)
    return text[0] == UInt8(ascii: "-") ? -seconds : seconds
  }
}
