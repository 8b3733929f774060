import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// The TZif reader (RFC 8536) on files the tests write themselves: version 1 alone, version 2+
/// whose footer carries the rules after the table, quoted footer names, version 3's extended
/// rule times, and damaged files — each refused with what is wrong, never read as a shorter zone.
@Suite struct TZifReaderTests {
  /// Standard time at −5 h, summer time at −4 h, from 2026 on with a US footer.
  static let eastern = TZifFile(
    types: [.init(-17_762, "LMT"), .init(-18_000, "EST"), .init(-14_400, isDST: true, "EDT")],
    transitions: [
      (-2_145_916_800, 1),  // 1902-01-01 00:00Z: standard time (within 32 bits, for version 1)
      (1_772_953_200, 2),  // 2026-03-08 07:00Z
      (1_793_512_800, 1),  // 2026-11-01 06:00Z
    ], footer: "EST5EDT,M3.2.0,M11.1.0")

  func zone(_ file: TZifFile, _ name: String = "Test/Zone") throws -> Zone {
    try TZifReader.zone(file.bytes(), identifier: name)
  }

  func offset(_ zone: Zone, _ instant: String) -> Int {
    zone.offset(atEpochSeconds: Fixtures.instant(instant).timeIntervalSince1970)
  }

  @Test func aVersion1FileIsItsTableAndItsLastOffsetForEver() throws {
    var file = Self.eastern
    file.version = 0
    let zone = try zone(file)
    #expect(offset(zone, "1850-01-01T00:00:00Z") == -17_762)  // type 0 before the first change
    #expect(offset(zone, "1901-12-31T23:59:59Z") == -17_762)
    #expect(offset(zone, "1902-01-01T00:00:00Z") == -18_000)
    #expect(offset(zone, "2026-03-08T06:59:59Z") == -18_000)
    #expect(offset(zone, "2026-03-08T07:00:00Z") == -14_400)
    #expect(offset(zone, "2026-11-01T06:00:00Z") == -18_000)
    // No footer: standard time for ever, no summer time in 2030.
    #expect(offset(zone, "2030-07-01T00:00:00Z") == -18_000)
  }

  @Test func aVersion2FilesFooterCarriesTheRulesAfterTheTable() throws {
    let zone = try zone(Self.eastern)
    #expect(zone.identifier == "Test/Zone")
    // 2030: second Sunday of March is the 10th, first Sunday of November the 3rd, at 02:00 local.
    #expect(offset(zone, "2030-03-10T06:59:59Z") == -18_000)
    #expect(offset(zone, "2030-03-10T07:00:00Z") == -14_400)
    #expect(offset(zone, "2030-11-03T05:59:59Z") == -14_400)
    #expect(offset(zone, "2030-11-03T06:00:00Z") == -18_000)
    // Past the table Herald writes out (2100), the rule is worked out year by year.
    #expect(offset(zone, "2150-07-01T00:00:00Z") == -14_400)
    #expect(offset(zone, "2150-01-01T00:00:00Z") == -18_000)
    // The gap and the overlap of 2030 resolve by the contract's rule.
    let march10 = try #require(CivilDate(year: 2030, month: 3, day: 10))
    let november3 = try #require(CivilDate(year: 2030, month: 11, day: 3))
    #expect(zone.instant(on: march10, at: Fixtures.time(2, 30)) == Fixtures.instant("2030-03-10T07:30:00Z"))
    #expect(zone.instant(on: november3, at: Fixtures.time(1, 30)) == Fixtures.instant("2030-11-03T05:30:00Z"))
  }

  @Test func theFootersRuleTakesOverJustAfterTheLastTransition() throws {
    // A table that ends in summer time, whose footer says standard time all year.
    let file = TZifFile(
      types: [.init(-28_800, "PST"), .init(-25_200, isDST: true, "PDT"), .init(-25_200, "MST")],
      transitions: [(1_772_964_000, 1)],  // 2026-03-08 10:00Z
      footer: "MST7")
    let zone = try zone(file)
    #expect(offset(zone, "2026-03-08T09:59:59Z") == -28_800)
    #expect(offset(zone, "2026-11-01T12:00:00Z") == -25_200)  // no fall back: MST from then on
    #expect(offset(zone, "2027-01-15T12:00:00Z") == -25_200)
  }

  // Chatham's January is summer: +13:45.
  @Test(arguments: [
    ("<+0330>-3:30", 12_600), ("<-03>3", -10_800), ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", 49_500),
  ])
  func aQuotedFooterNameIsRead(footer: String, january: Int) throws {
    let zone = try zone(TZifFile(types: [.init(Int32(january), "ZZZ")], footer: footer))
    #expect(offset(zone, "2040-01-15T00:00:00Z") == january)
  }

  @Test func version3RuleTimesMayBeNegativeOrPast24Hours() throws {
    // Nuuk: summer time from Saturday 23:00 local (−1:00 on Sunday); Jerusalem: Friday before the
    // last Sunday of March at 02:00, written as Thursday 26:00.
    let nuuk = try zone(
      TZifFile(version: 3, types: [.init(-7200, "-02")], footer: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
    let system = Fixtures.zone("America/Nuuk")
    let jerusalem = try zone(
      TZifFile(version: 3, types: [.init(7200, "IST")], footer: "IST-2IDT,M3.4.4/26,M10.5.0"))
    let israel = Fixtures.zone("Asia/Jerusalem")
    var instant = Fixtures.instant("2040-01-01T00:00:00Z").timeIntervalSince1970
    while instant < Fixtures.instant("2041-01-01T00:00:00Z").timeIntervalSince1970 {
      #expect(nuuk.offset(atEpochSeconds: instant) == system.offset(atEpochSeconds: instant), "\(instant)")
      #expect(
        jerusalem.offset(atEpochSeconds: instant) == israel.offset(atEpochSeconds: instant), "\(instant)")
      instant += 1800
    }
    // Version 2 may not use them.
    #expect(throws: FieldError.self) {
      try zone(TZifFile(version: 2, types: [.init(7200, "IST")], footer: "IST-2IDT,M3.4.4/26,M10.5.0"))
    }
  }

  @Test func aFileWithoutAFooterRuleKeepsItsLastOffset() throws {
    let zone = try zone(TZifFile(types: [.init(3600, "CET")], footer: ""))
    #expect(offset(zone, "2099-06-01T00:00:00Z") == 3600)
  }

  /// Every prefix of a valid file is refused: a file cut short is never read as a shorter zone,
  /// and never as its version 1 half.
  @Test func everyTruncationIsAnError() throws {
    let bytes = Self.eastern.bytes()
    for length in 0..<bytes.count {
      #expect(throws: FieldError.self, "\(length) of \(bytes.count) bytes") {
        try TZifReader.zone(Array(bytes.prefix(length)), identifier: "Test/Zone")
      }
    }
  }

  @Test(arguments: [
    ("magic", "not a TZif file"), ("version", "unknown TZif version byte 0x5a"),
    ("trailing", "bytes after the footer"), ("footer", "footer: not a POSIX TZ string"),
    ("unsorted", "is not after the one before it"), ("type index", "names local time type 7"),
    ("isdst", "isdst is 2"), ("offset", "beyond ±26 hours"), ("leap", "leap-second records"),
    ("no newline", "the footer does not start with a newline"),
  ])
  func aDamagedFileSaysWhatIsWrong(damage: String, problem: String) throws {
    var file = Self.eastern
    var bytes = file.bytes()
    let secondHeader = bytes.count - Self.secondHalfSize(file)
    switch damage {
    case "magic": bytes[0] = UInt8(ascii: "X")
    case "version": bytes[4] = UInt8(ascii: "Z")
    case "trailing": bytes += Array("x".utf8)
    case "footer":
      file.footer = "EST5EDT"
      bytes = file.bytes()
    case "unsorted":
      file.transitions.swapAt(1, 2)
      bytes = file.bytes()
    case "type index":
      file.transitions[1].type = 7
      bytes = file.bytes()
    case "isdst":
      // The first type's isdst byte in the 64-bit block: after the header, times and indices.
      bytes[secondHeader + 44 + file.transitions.count * 9 + 4] = 2
    case "offset":
      file.types[0].offset = 100_000
      bytes = file.bytes()
    case "leap":
      bytes[secondHeader + 20 + 11] = 1  // leapcnt of the second header
    default:
      bytes[bytes.count - file.footer.utf8.count - 2] = UInt8(ascii: "x")
    }
    let error = try #require(throws: FieldError.self) { try TZifReader.zone(bytes, identifier: "Test/Zone") }
    #expect(error.problem.contains(problem), "\(error)")
  }

  /// The size of the second header, its data block and the footer.
  static func secondHalfSize(_ file: TZifFile) -> Int {
    let characters = file.types.map { $0.abbreviation.utf8.count + 1 }.reduce(0, +)
    return 44 + file.transitions.count * 9 + file.types.count * 8 + characters + file.footer.utf8.count + 2
  }

  @Test(arguments: [
    "EST5EDT", "EST", "E5", "<EST5", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
    "EST5EDT,M3.2.7,M11.1.0",
    "EST25", "EST5EDT,J366,J1", "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,M3.2.0,M11.1.0x", "<AB>5",
  ])
  func aBadTZStringIsRefused(text: String) {
    #expect(throws: FieldError.self, "\(text)") { try PosixTimeZoneText.parse(text) }
  }

  @Test func aTZStringsRuleIsReadAsWritten() throws {
    let rule = try PosixTimeZoneText.parse("AEST-10AEDT,M10.1.0,M4.1.0/3")
    #expect(rule.standardOffset == 36_000)
    #expect(rule.daylight?.offset == 39_600)
    #expect(rule.daylight?.start == .init(day: .weekday(month: 10, week: 1, weekday: 0), secondOfDay: 7200))
    #expect(rule.daylight?.end == .init(day: .weekday(month: 4, week: 1, weekday: 0), secondOfDay: 10_800))
    let julian = try PosixTimeZoneText.parse("XXX3YYY,J60/1:30:15,300/-2")
    #expect(julian.standardOffset == -10_800)
    #expect(julian.daylight?.offset == -7200)
    #expect(julian.daylight?.start == .init(day: .julian(60), secondOfDay: 5415))
    #expect(julian.daylight?.end == .init(day: .ordinal(300), secondOfDay: -7200))
  }
}
