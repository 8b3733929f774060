import Foundation
import HeraldCore

/// The zones one `VCALENDAR` can name: IANA names first (`contracts/calendar.md`), then the
/// file's own `VTIMEZONE`s, Outlook and Exchange style; floating times and dates in `floating`.
///
/// A file may define a zone after the components that use it, so while its calendar is still
/// being read the zones are provisional: a `TZID` that is neither an IANA name nor defined yet
/// is noted, not refused, and stands for a placeholder zone. Components read then are only
/// checked (and mostly passed over); those kept are read again once `seal()` has made every
/// definition final, and a `TZID` still undefined then is the error.
final class ICalendarZones {
  /// The first use of a `TZID` that was not defined when it was used.
  struct Use {
    /// How many such first uses came before it: problems are ordered by it.
    var order: Int
    var problem: ICalendarProblem
  }

  let floating: any ZoneOffsets
  private var defined: [String: ObservanceTimeZone] = [:]
  private let window: DateInterval
  private var known: [String: any ZoneOffsets] = [:]
  private var notIANA: Set<String> = []
  private var sealed = false
  /// While provisional: the first use of each `TZID` that was undefined when used.
  private(set) var undefinedUses: [String: Use] = [:]

  /// The zones of a calendar still being read: `define` its `VTIMEZONE`s as they come, `seal()`
  /// at its end.
  init(floating: Zone, window: DateInterval) {
    self.floating = floating
    self.window = window
  }

  /// The zones of a calendar read whole, sealed.
  convenience init(calendar: ICalendarComponent, floating: Zone, window: DateInterval)
    throws(ICalendarProblem)
  {
    self.init(floating: floating, window: window)
    for component in calendar.components where component.name == "VTIMEZONE" { try define(component) }
    seal()
  }

  /// Adds the zone a `VTIMEZONE` defines; a later definition of the same `TZID` replaces it.
  func define(_ component: ICalendarComponent) throws(ICalendarProblem) {
    let zone = try Self.observanceZone(component, window: window)
    defined[zone.identifier] = zone
  }

  /// Every definition is in: from now on a `TZID` is resolved for good or refused.
  func seal() { sealed = true }

  /// Of the `TZID`s used before they were defined, the first use of one that no definition came
  /// for: an error once the calendar has been read.
  var firstUndefinedUse: Use? {
    undefinedUses.filter { defined[$0.key] == nil }.values.min { $0.order < $1.order }
  }

  /// The zone of a `TZID`; unknown ones are an error (when sealed) or noted (before).
  func zone(_ tzid: String, line: Int, uid: String?) throws(ICalendarProblem) -> any ZoneOffsets {
    // Each answer is kept, the file's own zones too once they are final: a name the database
    // does not know costs a look in its directory every time.
    if let zone = known[tzid] { return zone }
    if !notIANA.contains(tzid) {
      if let zone = try? SystemZones.shared.zone(named: tzid) {
        known[tzid] = zone
        return zone
      }
      notIANA.insert(tzid)
    }
    func unknown() -> ICalendarProblem {
      ICalendarProblem(
        line: line, uid: uid, "unknown TZID \"\(tzid)\": not an IANA time zone and no VTIMEZONE defines it")
    }
    guard sealed else {
      if defined[tzid] == nil, undefinedUses[tzid] == nil {
        undefinedUses[tzid] = Use(order: undefinedUses.count, problem: unknown())
      }
      // Provisional readings are checked, never resolved: any zone will do.
      return Zone.utc
    }
    guard let zone = defined[tzid] else { throw unknown() }
    known[tzid] = zone
    return zone
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
