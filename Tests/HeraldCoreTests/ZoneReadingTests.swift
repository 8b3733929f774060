import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// Wall-clock readings to instants and back, across daylight-saving changes (contracts/plan.md):
/// a skipped reading keeps the offset in force before the change, a repeated one takes the earlier instant.
struct ZoneReadingTests {
  /// The system database's zone of `calendar` (one, in a list, so each check reads the same).
  private func resolvers(_ calendar: Calendar, around day: String) -> [Zone] { [calendar.zone] }

  private func day(_ text: String) throws -> CivilDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return try #require(CivilDate(year: parts[0], month: parts[1], day: parts[2]))
  }

  /// Checks that `reading` on `date` resolves to `instant` with both resolvers.
  private func expect(
    _ calendar: Calendar, _ date: String, _ reading: WallClockTime, resolvesTo instant: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for resolver in resolvers(calendar, around: date) {
      #expect(
        resolver.instant(on: try day(date), at: reading) == Fixtures.instant(instant),
        "\(calendar.timeZone.identifier) \(date) \(reading)", sourceLocation: sourceLocation)
    }
  }

  @Test func berlinSpringForwardSkippedReadingKeepsTheOffsetBefore() throws {
    // 2026-03-29: at 02:00 CET the clocks jump to 03:00 CEST; 02:30 never shows.
    try expect(Fixtures.berlin, "2026-03-29", Fixtures.time(2, 30), resolvesTo: "2026-03-29T01:30:00Z")
    try expect(Fixtures.berlin, "2026-03-29", Fixtures.time(1, 59), resolvesTo: "2026-03-29T00:59:00Z")
    try expect(Fixtures.berlin, "2026-03-29", Fixtures.time(3, 0), resolvesTo: "2026-03-29T01:00:00Z")
    try expect(Fixtures.berlin, "2026-03-29", Fixtures.time(3, 30), resolvesTo: "2026-03-29T01:30:00Z")
    for resolver in resolvers(Fixtures.berlin, around: "2026-03-29") {
      let wall = resolver.wallClock(at: Fixtures.instant("2026-03-29T01:30:00Z"))
      #expect(wall.day == (try day("2026-03-29")))
      #expect(wall.secondOfDay == 3 * 3600 + 30 * 60)
    }
  }

  @Test func berlinFallBackRepeatedReadingTakesTheEarlierInstant() throws {
    // 2026-10-25: at 03:00 CEST the clocks go back to 02:00 CET; 02:30 shows twice.
    try expect(Fixtures.berlin, "2026-10-25", Fixtures.time(2, 30), resolvesTo: "2026-10-25T00:30:00Z")
    try expect(Fixtures.berlin, "2026-10-25", Fixtures.time(1, 59), resolvesTo: "2026-10-24T23:59:00Z")
    try expect(Fixtures.berlin, "2026-10-25", Fixtures.time(3, 0), resolvesTo: "2026-10-25T02:00:00Z")
    for resolver in resolvers(Fixtures.berlin, around: "2026-10-25") {
      for instant in ["2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"] {
        #expect(resolver.wallClock(at: Fixtures.instant(instant)).secondOfDay == 2 * 3600 + 30 * 60)
      }
    }
  }

  @Test func newYorkSpringForwardAndFallBack() throws {
    try expect(Fixtures.newYork, "2026-03-08", Fixtures.time(2, 30), resolvesTo: "2026-03-08T07:30:00Z")
    try expect(Fixtures.newYork, "2026-03-08", Fixtures.time(3, 0), resolvesTo: "2026-03-08T07:00:00Z")
    try expect(Fixtures.newYork, "2026-03-08", Fixtures.time(1, 30), resolvesTo: "2026-03-08T06:30:00Z")
    try expect(Fixtures.newYork, "2026-11-01", Fixtures.time(1, 30), resolvesTo: "2026-11-01T05:30:00Z")
    try expect(Fixtures.newYork, "2026-11-01", Fixtures.time(2, 0), resolvesTo: "2026-11-01T07:00:00Z")
    try expect(Fixtures.newYork, "2026-11-01", Fixtures.time(0, 59), resolvesTo: "2026-11-01T04:59:00Z")
  }

  @Test func kolkataHalfHourOffset() throws {
    try expect(Fixtures.kolkata, "2026-01-15", Fixtures.time(9, 0), resolvesTo: "2026-01-15T03:30:00Z")
    try expect(Fixtures.kolkata, "2026-07-15", Fixtures.time(0, 0), resolvesTo: "2026-07-14T18:30:00Z")
    let resolver = Fixtures.kolkata.zone
    let midnight = resolver.wallClock(at: Fixtures.instant("2026-01-14T18:30:00Z"))
    #expect(midnight.day == (try day("2026-01-15")))
    #expect(midnight.secondOfDay == 0)
    let beforeMidnight = resolver.wallClock(at: Fixtures.instant("2026-01-14T18:29:59Z"))
    #expect(beforeMidnight.day == (try day("2026-01-14")))
    #expect(beforeMidnight.secondOfDay == 86_399)
  }

  @Test func lordHoweHalfHourShift() throws {
    // 2026-04-05: 02:00 +11:00 becomes 01:30 +10:30, so 01:45 shows twice: the earlier is at +11:00.
    try expect(Fixtures.lordHowe, "2026-04-05", Fixtures.time(1, 45), resolvesTo: "2026-04-04T14:45:00Z")
    try expect(Fixtures.lordHowe, "2026-04-05", Fixtures.time(2, 0), resolvesTo: "2026-04-04T15:30:00Z")
    // 2026-10-04: 02:00 +10:30 becomes 02:30 +11:00, so 02:15 never shows: it keeps +10:30.
    try expect(Fixtures.lordHowe, "2026-10-04", Fixtures.time(2, 15), resolvesTo: "2026-10-03T15:45:00Z")
    try expect(Fixtures.lordHowe, "2026-10-04", Fixtures.time(2, 30), resolvesTo: "2026-10-03T15:30:00Z")
    try expect(Fixtures.lordHowe, "2026-10-04", Fixtures.time(1, 59), resolvesTo: "2026-10-03T15:29:00Z")
  }

  // MARK: Readings and instants, both ways

  static let zones = [
    "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC", "America/St_Johns",
    "Asia/Kathmandu", "Pacific/Chatham", "Australia/Adelaide", "America/Santiago",
  ]

  /// Over an 8-day window from `anchor`: each instant's reading resolves back to the earliest
  /// instant showing it, never later than where it was read, and showing the same reading.
  private func compare(
    zone identifier: String, anchor: Date, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let zone = Fixtures.zone(identifier)
    for step in 0..<200 {
      let instant = anchor.addingTimeInterval(Double(step) * 3461)
      let seconds = instant.timeIntervalSince1970
      let wall = zone.wallClock(at: instant)
      let back = zone.epochSeconds(on: wall.day, secondOfDay: wall.secondOfDay)
      #expect(back <= seconds.rounded(.down), sourceLocation: sourceLocation)
      #expect(zone.wallClock(at: Date(timeIntervalSince1970: back)) == wall, sourceLocation: sourceLocation)
    }
  }

  @Test func readingsResolveBackAtRandomInstants() async {
    let anchors = Gen.int(in: 1_767_225_600...1_830_297_600)  // 2026-01-01 … 2027-12-31
    await propertyCheck(count: 60, input: Gen.element(of: Self.zones), anchors) { identifier, seconds in
      compare(zone: identifier ?? "UTC", anchor: Date(timeIntervalSince1970: Double(seconds)))
    }
  }

  @Test(arguments: [
    ("Europe/Berlin", "2026-03-26T00:00:00Z"), ("Europe/Berlin", "2026-10-22T12:34:56Z"),
    ("America/New_York", "2026-03-05T00:00:00Z"), ("America/New_York", "2026-10-29T00:00:00Z"),
    ("Australia/Lord_Howe", "2026-04-02T00:00:00Z"), ("Australia/Lord_Howe", "2026-10-01T00:00:00Z"),
    ("Pacific/Chatham", "2026-04-02T00:00:00Z"), ("America/Santiago", "2026-04-02T00:00:00Z"),
  ])
  func readingsResolveBackAcrossTransitions(zone: String, anchor: String) {
    compare(zone: zone, anchor: Fixtures.instant(anchor))
  }
}
