import Foundation
import HeraldCore

/// A `DATE` or `DATE-TIME` value of an iCalendar file, with the zone it is read in: UTC for `…Z`,
/// an IANA zone or the file's `VTIMEZONE` for `TZID=`, the scenario's zone when floating or a date.
struct ICalendarTime {
  /// The wall-clock reading (a date reads as its 00:00).
  var local: LocalDateTime
  var isDate: Bool
  var zone: any ZoneOffsets
  /// Neither `Z` nor `TZID` (dates included): an `RDATE` or `EXDATE` so written is a reading on
  /// its series' clock.
  var isFloating = false

  /// The instant it stands for, by Herald's gap and overlap rule.
  var instant: Date { zone.instant(at: local) }

  /// The recurrence id of `contracts/calendar.md`: `YYYYMMDD` for a date, else UTC `YYYYMMDDTHHMMSSZ`.
  var recurrenceID: String { isDate ? Self.dateText(local.date) : Self.utcText(instant) }

  /// The values of a date or date-time property (several for `RDATE`/`EXDATE`; a `PERIOD` counts
  /// by its start).
  static func values(
    _ property: ICalendarProperty, zones: ICalendarZones, uid: String?
  ) throws(ICalendarProblem) -> [ICalendarTime] {
    func fail(_ problem: String) -> ICalendarProblem {
      ICalendarProblem(line: property.line, uid: uid, "\(property.name): \(problem)")
    }
    let type = property.parameter("VALUE")?.uppercased()
    guard [nil, "DATE", "DATE-TIME", "PERIOD"].contains(type) else {
      throw fail("VALUE=\(type ?? "") is not a date or date-time")
    }
    var zone: (any ZoneOffsets)?
    if let tzid = property.parameter("TZID") {
      zone = try zones.zone(tzid, line: property.line, uid: uid)
    }
    var times: [ICalendarTime] = []
    for text in property.value.split(separator: ",", omittingEmptySubsequences: false) {
      let start = type == "PERIOD" ? text.prefix { $0 != "/" } : text
      guard let reading = parse(String(start)) else {
        throw fail("not a \(type == "DATE" ? "date YYYYMMDD" : "date-time YYYYMMDDTHHMMSS[Z]"): \"\(text)\"")
      }
      switch (reading.isDate, type) {
      case (true, "DATE-TIME"), (true, "PERIOD"), (false, "DATE"):
        throw fail("\"\(text)\" does not match VALUE=\(type ?? "")")
      default: break
      }
      if reading.isUTC, zone != nil { throw fail("a UTC time \"\(text)\" cannot have a TZID") }
      let chosen: any ZoneOffsets =
        reading.isUTC ? Zone.utc : reading.isDate ? zones.floating : zone ?? zones.floating
      times.append(
        ICalendarTime(
          local: reading.local, isDate: reading.isDate, zone: chosen,
          isFloating: !reading.isUTC && zone == nil))
    }
    return times
  }

  /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`; `nil` for anything else or a day or time
  /// that does not exist.
  static func parse(_ text: String) -> (local: LocalDateTime, isDate: Bool, isUTC: Bool)? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard bytes.count == 8 || bytes.count == 15 || bytes.count == 16,
      let year = number(0..<4), let month = number(4..<6), let day = number(6..<8)
    else { return nil }
    if bytes.count == 8 {
      return LocalDateTime(year: year, month: month, day: day).map { ($0, true, false) }
    }
    guard bytes[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13),
      let second = number(13..<15), bytes.count == 15 || bytes[15] == UInt8(ascii: "Z"),
      let local = LocalDateTime(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    return (local, false, bytes.count == 16)
  }

  /// `YYYYMMDD`.
  static func dateText(_ date: CivilDate) -> String {
    CivilDate.pad(date.year, 4) + CivilDate.pad(date.month, 2) + CivilDate.pad(date.day, 2)
  }

  /// `YYYYMMDDTHHMMSSZ`.
  static func utcText(_ date: Date) -> String {
    let local = Zone.utc.localDateTime(at: date)
    return dateText(local.date) + "T" + CivilDate.pad(local.hour, 2) + CivilDate.pad(local.minute, 2)
      + CivilDate.pad(local.second, 2) + "Z"
  }
}
