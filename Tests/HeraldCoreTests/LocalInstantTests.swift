import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Instants typed on a command line: RFC 3339 with offset, or a wall-clock reading in a zone.
struct LocalInstantTests {
  let berlin = Fixtures.zone("Europe/Berlin")

  @Test(arguments: [
    ("2026-11-23T09:00", "2026-11-23T08:00:00Z"),
    ("2026-11-23 09:00", "2026-11-23T08:00:00Z"),
    ("2026-11-23T09:00:30", "2026-11-23T08:00:30Z"),
    ("2026-07-01 09:00", "2026-07-01T07:00:00Z"),
    // An offset wins over the zone.
    ("2026-11-23T09:00:00-05:00", "2026-11-23T14:00:00Z"),
    ("2026-11-23T09:00:00Z", "2026-11-23T09:00:00Z"),
    // Skipped by spring-forward: the offset in force before the change (as for every wall-clock rule).
    ("2026-03-29T02:30", "2026-03-29T01:30:00Z"),
    // Repeated by fall-back: the earlier instant.
    ("2026-10-25T02:30", "2026-10-25T00:30:00Z"),
  ])
  func aReadingIsResolvedInTheZone(text: String, expected: String) {
    #expect(LocalInstant.parse(text, zone: berlin) == Fixtures.instant(expected))
  }

  @Test(arguments: [
    "tomorrow", "", "2026-11-23", "2026-11-23T9:00", "2026-11-23T25:00", "2026-11-23T09:60",
    "2026-02-30T09:00", "2026-11-23T09:00:61", "2026-11-23X09:00", "2026-11-23T09:00:00+1",
    "2026-11-23T09:00Z", "+026-11-23T09:00",
  ])
  func anythingElseIsRefused(text: String) {
    #expect(LocalInstant.parse(text, zone: berlin) == nil)
  }

  @Test func theErrorNamesTheFieldAndTheValue() {
    #expect(
      throws: FieldError(
        "--start", "expected an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM, got \"25:00\"")
    ) {
      try LocalInstant.parse("25:00", zone: berlin, field: "--start")
    }
  }

  @Test func formattingShowsTheLocalWallClock() {
    #expect(
      LocalInstant.format(Fixtures.instant("2026-11-23T07:55:59Z"), zone: berlin) == "2026-11-23 08:55")
    #expect(
      LocalInstant.format(Fixtures.instant("2026-07-01T22:30:00Z"), zone: berlin) == "2026-07-02 00:30")
  }

  @Test func aFormattedMinuteReadsBackToTheSameInstant() {
    let instant = Fixtures.instant("2026-11-23T07:55:00Z")
    #expect(LocalInstant.parse(LocalInstant.format(instant, zone: berlin), zone: berlin) == instant)
  }
}
