import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Dates typed relative to now (`tomorrow 14:00`, `monday 09:00`, `+2h`), resolved in the zone.
struct RelativeInstantTests {
  let berlin = Fixtures.zone("Europe/Berlin")
  /// Friday 2026-11-27, 17:58:50 in Berlin.
  let now = Fixtures.instant("2026-11-27T16:58:50Z")

  func resolved(_ text: String, at now: Date? = nil, dayAlone: WallClockTime? = nil) throws -> Date {
    try LocalInstant.resolve(text, zone: berlin, field: "--due", now: now ?? self.now, dayAlone: dayAlone)
      .instant
  }

  @Test(arguments: [
    ("today 14:00", "2026-11-27T13:00:00Z"),
    ("tomorrow 14:00", "2026-11-28T13:00:00Z"),
    ("Tomorrow  9:05", "2026-11-28T08:05:00Z"),
    // A weekday is the next one, never today (the 27th is a Friday).
    ("friday 09:00", "2026-12-04T08:00:00Z"),
    ("monday 09:00", "2026-11-30T08:00:00Z"),
    ("sat 10:00", "2026-11-28T09:00:00Z"),
    // From the current minute.
    ("now", "2026-11-27T16:58:00Z"),
    ("+2h", "2026-11-27T18:58:00Z"),
    ("+30m", "2026-11-27T17:28:00Z"),
    ("+1h30m", "2026-11-27T18:28:00Z"),
    ("+1d", "2026-11-28T16:58:00Z"),
    // Absolute forms are read as before.
    ("2026-12-07T14:00", "2026-12-07T13:00:00Z"),
    ("2026-12-07T14:00:00Z", "2026-12-07T14:00:00Z"),
  ])
  func aRelativeTextNamesAnInstantInTheZone(text: String, expected: String) throws {
    #expect(try resolved(text) == Fixtures.instant(expected))
  }

  /// `+1d` is the same time on the next day's wall clock, across a change of the clocks; `+24h`
  /// is 24 hours.
  @Test func aDayIsCountedOnTheWallClockAndHoursAreExact() throws {
    let beforeFallBack = Fixtures.instant("2026-10-24T10:00:00Z")  // Saturday 12:00 CEST
    #expect(try resolved("+1d", at: beforeFallBack) == Fixtures.instant("2026-10-25T11:00:00Z"))
    #expect(try resolved("+24h", at: beforeFallBack) == Fixtures.instant("2026-10-25T10:00:00Z"))
  }

  @Test func aDayAloneIsTheGivenTimeOnIt() throws {
    let endOfDay = try #require(WallClockTime(hour: 23, minute: 59))
    #expect(try resolved("tomorrow", dayAlone: endOfDay) == Fixtures.instant("2026-11-28T22:59:00Z"))
    #expect(try resolved("monday", dayAlone: endOfDay) == Fixtures.instant("2026-11-30T22:59:00Z"))
    #expect(throws: FieldError("--due", #""tomorrow" needs a time (tomorrow 14:00)"#)) {
      try resolved("tomorrow")
    }
  }

  /// A reading the clocks skip is resolved by the contract's rule, with the note.
  @Test func aSkippedReadingIsResolvedAndNoted() throws {
    let saturday = Fixtures.instant("2026-03-28T12:00:00Z")
    let (instant, note) = try LocalInstant.resolve(
      "tomorrow 02:30", zone: berlin, field: "--start", now: saturday)
    #expect(instant == Fixtures.instant("2026-03-29T01:30:00Z"))
    #expect(note?.hasPrefix("--start: tomorrow 02:30 does not exist in Europe/Berlin") == true)
  }

  @Test(arguments: [
    "tomorow 14:00", "+2x", "+h", "+2h2h", "+", "next week", "tomorrow 25:00", "monday 9", "",
  ])
  func anythingElseIsOneLineNamingTheFieldAndWhatToTry(text: String) {
    #expect(
      throws: FieldError(
        "--due", "\"\(text)\" is not a date (try 2026-11-28T14:00, \"tomorrow 14:00\" or +2h)")
    ) {
      try resolved(text)
    }
  }

  /// Without now (a form of the pages), only the absolute forms are read, and the error is as before.
  @Test func withoutNowOnlyAbsoluteFormsAreRead() {
    #expect(
      throws: FieldError(
        "--due",
        "expected an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM, got \"tomorrow 14:00\"")
    ) {
      try LocalInstant.resolve("tomorrow 14:00", zone: berlin, field: "--due")
    }
  }
}
