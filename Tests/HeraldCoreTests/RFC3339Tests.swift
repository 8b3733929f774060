import Foundation
import HeraldCore
import HeraldInterchange
import PropertyBased
import Testing

/// Strict RFC 3339 instants: what the scenario format and `--now` accept, and how plans print them.
struct RFC3339Tests {
  /// 2026-01-01T00:00:00Z.
  let newYear = Date(timeIntervalSince1970: 1_767_225_600)

  @Test(arguments: [
    "2026-01-01T00:00:00Z", "2026-01-01T00:00:00z", "2026-01-01t00:00:00Z", "2026-01-01 00:00:00Z",
    "2026-01-01T01:00:00+01:00", "2025-12-31T18:30:00-05:30", "2026-01-01T05:45:00+05:45",
    "2025-12-31T23:00:00-01:00", "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00-00:00",
  ])
  func parsesOffsets(text: String) {
    #expect(RFC3339.parse(text) == newYear)
  }

  @Test func parsesFractions() throws {
    #expect(RFC3339.parse("2026-01-01T00:00:00.5Z") == newYear.addingTimeInterval(0.5))
    #expect(RFC3339.parse("2026-01-01T01:00:00.25+01:00") == newYear.addingTimeInterval(0.25))
    let millis = try #require(RFC3339.parse("2026-01-01T00:00:00.123Z"))
    #expect(abs(millis.timeIntervalSince(newYear) - 0.123) < 1e-6)
    // The one rounding rule: digits after the millisecond are cut off, never rounded up.
    let nanos = try #require(RFC3339.parse("2026-01-01T00:00:59.999999999Z"))
    #expect(nanos == RFC3339.parse("2026-01-01T00:00:59.999Z"))
    #expect(RFC3339.utcString(nanos) == "2026-01-01T00:00:59Z")
    #expect(RFC3339.utcStringWithMilliseconds(nanos) == "2026-01-01T00:00:59.999Z")
  }

  @Test func parsesLeapDayAndEpoch() {
    #expect(RFC3339.parse("2028-02-29T12:00:00Z") == Date(timeIntervalSince1970: 1_835_438_400))
    #expect(RFC3339.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
    #expect(RFC3339.parse("1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
  }

  @Test(arguments: [
    "2026-01-01T00:00:00",  // no offset
    "2026-01-01T00:00:00.5",  // fraction, still no offset
    "tomorrow",
    "",
    "2026-13-01T00:00:00Z",  // month 13
    "2026-00-10T00:00:00Z",  // month 0
    "2026-02-30T00:00:00Z",  // Feb 30
    "2026-02-29T00:00:00Z",  // not a leap year
    "2026-04-31T00:00:00Z",
    "2026-01-01T24:00:00Z",  // hour 24
    "2026-01-01T00:60:00Z",
    "2026-01-01T00:00:60Z",
    "2026-01-01T00:00:00+0100",  // offset without colon
    "2026-01-01T00:00:00+01",
    "2026-01-01T00:00:00+24:00",
    "2026-01-01T00:00:00.Z",  // empty fraction
    "2026-01-01T00:00:00ZZ",  // trailing garbage
    "2026-01-01T00:00:00Z ",
    "2026-1-01T00:00:00Z",
    "2026-01-01X00:00:00Z",
    "2026/01/01T00:00:00Z",
    "2026-01-01",
  ])
  func rejects(text: String) {
    #expect(RFC3339.parse(text) == nil)
  }

  @Test func formatsUTC() {
    #expect(RFC3339.utcString(newYear) == "2026-01-01T00:00:00Z")
    #expect(RFC3339.utcString(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(RFC3339.utcString(Date(timeIntervalSince1970: 1_774_747_800)) == "2026-03-29T01:30:00Z")
    // Whole seconds, rounded down, also before 1970.
    #expect(RFC3339.utcString(newYear.addingTimeInterval(0.999)) == "2026-01-01T00:00:00Z")
    #expect(RFC3339.utcString(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    #expect(RFC3339.utcString(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
  }

  @Test func formatsUTCWithMilliseconds() {
    #expect(RFC3339.utcStringWithMilliseconds(newYear) == "2026-01-01T00:00:00.000Z")
    #expect(RFC3339.utcStringWithMilliseconds(newYear.addingTimeInterval(0.5)) == "2026-01-01T00:00:00.500Z")
    #expect(
      RFC3339.utcStringWithMilliseconds(newYear.addingTimeInterval(59.9999)) == "2026-01-01T00:00:59.999Z")
    #expect(
      RFC3339.utcStringWithMilliseconds(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
  }

  @Test func parsedMillisecondsPrintBackUnchanged() {
    for text in ["2026-01-01T00:00:00.123Z", "2026-11-22T12:00:00.001Z", "2026-03-29T01:30:00.999Z"] {
      #expect(RFC3339.parse(text).map(RFC3339.utcStringWithMilliseconds) == text)
    }
  }

  // MARK: Properties

  @Test func wholeSecondsRoundTrip() async {
    await propertyCheck(input: Gen.int(in: -2_208_988_800...4_102_444_800)) { seconds in
      let date = Date(timeIntervalSince1970: Double(seconds))
      #expect(RFC3339.parse(RFC3339.utcString(date)) == date)
    }
  }

  @Test func millisecondsRoundTrip() async {
    await propertyCheck(input: Gen.int(in: 0...4_102_444_800_000)) { millis in
      let text = RFC3339.utcStringWithMilliseconds(Date(timeIntervalSince1970: Double(millis) / 1000))
      #expect(RFC3339.parse(text).map(RFC3339.utcStringWithMilliseconds) == text)
    }
  }

  @Test func agreesWithFoundationForAnyOffset() async {
    let formatter = ISO8601DateFormatter()
    let offsets = Gen.int(in: -(14 * 4)...(14 * 4)).map { $0 * 15 * 60 }
    await propertyCheck(input: Gen.int(in: 0...4_102_444_800), offsets) { seconds, offset in
      formatter.timeZone = TimeZone(secondsFromGMT: offset)
      let date = Date(timeIntervalSince1970: Double(seconds))
      let text = formatter.string(from: date)
      #expect(RFC3339.parse(text) == date, "\(text)")
    }
  }
}
