import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldInterchange

/// A zone a file defines (`VTIMEZONE`) gives the offsets of its IANA twin: RFC 5545 §3.6.5's New
/// York definition, with rules that end (`UNTIL`) and rules that go on, under a non-IANA name.
@Suite struct ObservanceTimeZoneTests {
  static let definition = """
    BEGIN:VCALENDAR
    BEGIN:VTIMEZONE
    TZID:US-Eastern
    BEGIN:STANDARD
    DTSTART:19671029T020000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z
    TZOFFSETFROM:-0400
    TZOFFSETTO:-0500
    END:STANDARD
    BEGIN:DAYLIGHT
    DTSTART:19870405T020000
    RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z
    TZOFFSETFROM:-0500
    TZOFFSETTO:-0400
    END:DAYLIGHT
    BEGIN:DAYLIGHT
    DTSTART:20070311T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
    TZOFFSETFROM:-0500
    TZOFFSETTO:-0400
    END:DAYLIGHT
    BEGIN:STANDARD
    DTSTART:20071104T020000
    RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
    TZOFFSETFROM:-0400
    TZOFFSETTO:-0500
    END:STANDARD
    END:VTIMEZONE
    END:VCALENDAR
    """

  @Test func offsetsAgreeWithTheIANAZoneAroundEveryChangeFrom1990To2030() throws {
    let calendar = try #require(try ICalendarReader.read(Data(Self.definition.utf8), path: "tz.ics").first)
    let iana = try #require(TimeZone(identifier: "America/New_York"))
    var instants: [Date] = []
    var cursor = Date(timeIntervalSince1970: 631_152_000)  // 1990
    while let change = iana.nextDaylightSavingTimeTransition(after: cursor),
      change.timeIntervalSince1970 < 1_893_456_000
    {
      instants += [change.addingTimeInterval(-1), change, change.addingTimeInterval(3600)]
      cursor = change
    }
    var random = SeededGenerator(seed: 5)
    instants += (0..<500).map { _ in
      Date(timeIntervalSince1970: Double.random(in: 631_152_000...1_893_456_000, using: &random))
    }
    #expect(instants.count > 600)
    // Worked out on every call (a window in 1970), and from a table of 2004–2011's onsets.
    var defined: (any ZoneOffsets)?
    for window in [
      DateInterval(start: Date(timeIntervalSince1970: 0), duration: 86_400),
      DateInterval(start: Date(timeIntervalSince1970: 1_072_915_200), duration: 8 * 365 * 86_400),
    ] {
      let zones = try ICalendarZones(calendar: calendar, floating: .utc, window: window)
      let zone = try zones.zone("US-Eastern", line: 0, uid: nil)
      defined = zone
      for instant in instants {
        #expect(
          zone.offset(atEpochSeconds: instant.timeIntervalSince1970) == iana.secondsFromGMT(for: instant),
          "\(instant)")
      }
    }
    let zone = try #require(defined)
    // Readings in the gap and the overlap resolve as in the IANA zone.
    let resolver = Fixtures.zone("America/New_York")
    for reading in ["20070311T023000", "20071104T013000", "19990404T023000", "19991031T013000"] {
      let local = try #require(ICalendarTime.parse(reading)).local
      #expect(zone.instant(at: local) == resolver.instant(at: local), "\(reading)")
    }
  }
}
