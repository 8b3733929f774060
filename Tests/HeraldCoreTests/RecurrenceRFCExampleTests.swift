import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldInterchange

/// RFC 5545 §3.8.5.3: every example that uses only the parts Herald supports, with the instances
/// the RFC lists, in America/New_York as there.
@Suite struct RecurrenceRFCExampleTests {
  /// The instances' wall-clock readings (`YYYYMMDD` when at 09:00, else `YYYYMMDDTHHMM`), the first `limit`.
  static func readings(
    _ start: String, _ rule: String, exdates: [String] = [], limit: Int = 400
  ) throws -> [String] {
    let zone = Fixtures.zone("America/New_York")
    let first = try #require(ICalendarTime.parse(start)).local
    let series = RecurrenceSeries(
      start: first, zone: zone, rule: try RecurrenceRuleText.parse(rule),
      excludedDates: try exdates.map { try zone.instant(at: #require(ICalendarTime.parse($0)).local) })
    // 1996 to 2007.
    let window = Date(timeIntervalSince1970: 820_454_400)...Date(timeIntervalSince1970: 1_199_145_600)
    return RecurrenceExpander.instances(of: series, in: window).prefix(limit).map { instance in
      let local = instance.local
      let day = ICalendarTime.dateText(local.date)
      return local.secondOfDay == 9 * 3600
        ? day : day + "T" + CivilDate.pad(local.hour, 2) + CivilDate.pad(local.minute, 2)
    }
  }

  /// `"1997", ["0902", "0903"]` → `["19970902", "19970903"]`.
  static func days(_ year: String, _ monthDays: [String]) -> [String] { monthDays.map { year + $0 } }

  @Test func dailyForTenOccurrences() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=DAILY;COUNT=10")
        == Self.days("1997", (2...11).map { "09" + CivilDate.pad($0, 2) }))
  }

  @Test func dailyUntilDecember24() throws {
    let result = try Self.readings("19970902T090000", "FREQ=DAILY;UNTIL=19971224T000000Z")
    #expect(result.count == 113)
    #expect(result.first == "19970902" && result.last == "19971223")
  }

  @Test func everyOtherDayForever() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=DAILY;INTERVAL=2", limit: 5)
        == Self.days("1997", ["0902", "0904", "0906", "0908", "0910"]))
  }

  @Test func everyTenDaysFiveOccurrences() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=DAILY;INTERVAL=10;COUNT=5")
        == Self.days("1997", ["0902", "0912", "0922", "1002", "1012"]))
  }

  @Test func everyDayInJanuaryForThreeYears() throws {
    let expected = ["1998", "1999", "2000"].flatMap { year in
      (1...31).map { year + "01" + CivilDate.pad($0, 2) }
    }
    #expect(
      try Self.readings(
        "19980101T090000", "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA")
        == expected)
    #expect(try Self.readings("19980101T090000", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1") == expected)
  }

  @Test func weeklyForTenOccurrences() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=WEEKLY;COUNT=10")
        == Self.days(
          "1997", ["0902", "0909", "0916", "0923", "0930", "1007", "1014", "1021", "1028", "1104"]))
  }

  @Test func weeklyUntilDecember24() throws {
    let result = try Self.readings("19970902T090000", "FREQ=WEEKLY;UNTIL=19971224T000000Z")
    #expect(result.count == 17)
    #expect(result.last == "19971223")
  }

  @Test func everyOtherWeekForever() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", limit: 13)
        == Self.days("1997", ["0902", "0916", "0930", "1014", "1028", "1111", "1125", "1209", "1223"])
        + Self.days("1998", ["0106", "0120", "0203", "0217"]))
  }

  @Test func weeklyOnTuesdayAndThursdayForFiveWeeks() throws {
    let expected = Self.days(
      "1997", ["0902", "0904", "0909", "0911", "0916", "0918", "0923", "0925", "0930", "1002"])
    #expect(
      try Self.readings("19970902T090000", "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH")
        == expected)
    #expect(try Self.readings("19970902T090000", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH") == expected)
  }

  @Test func everyOtherWeekOnMondayWednesdayFridayUntilDecember24() throws {
    #expect(
      try Self.readings(
        "19970901T090000", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR")
        == Self.days(
          "1997",
          [
            "0901", "0903", "0905", "0915", "0917", "0919", "0929", "1001", "1003", "1013", "1015", "1017",
            "1027",
            "1029", "1031", "1110", "1112", "1114", "1124", "1126", "1128", "1208", "1210", "1212", "1222",
          ]))
  }

  @Test func everyOtherWeekOnTuesdayAndThursdayForEight() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH")
        == Self.days("1997", ["0902", "0904", "0916", "0918", "0930", "1002", "1014", "1016"]))
  }

  @Test func monthlyOnTheFirstFriday() throws {
    #expect(
      try Self.readings("19970905T090000", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR")
        == Self.days("1997", ["0905", "1003", "1107", "1205"])
        + Self.days("1998", ["0102", "0206", "0306", "0403", "0501", "0605"]))
    #expect(
      try Self.readings("19970905T090000", "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR")
        == Self.days("1997", ["0905", "1003", "1107", "1205"]))
  }

  @Test func everyOtherMonthOnTheFirstAndLastSunday() throws {
    #expect(
      try Self.readings("19970907T090000", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU")
        == Self.days("1997", ["0907", "0928", "1102", "1130"])
        + Self.days("1998", ["0104", "0125", "0301", "0329", "0503", "0531"]))
  }

  @Test func monthlyOnTheSecondToLastMonday() throws {
    #expect(
      try Self.readings("19970922T090000", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO")
        == Self.days("1997", ["0922", "1020", "1117", "1222"]) + Self.days("1998", ["0119", "0216"]))
  }

  @Test func monthlyOnTheThirdToLastDay() throws {
    #expect(
      try Self.readings("19970928T090000", "FREQ=MONTHLY;BYMONTHDAY=-3", limit: 6)
        == Self.days("1997", ["0928", "1029", "1128", "1229"]) + Self.days("1998", ["0129", "0226"]))
  }

  @Test func monthlyOnTheSecondAndFifteenth() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15")
        == Self.days("1997", ["0902", "0915", "1002", "1015", "1102", "1115", "1202", "1215"])
        + Self.days("1998", ["0102", "0115"]))
  }

  @Test func monthlyOnTheFirstAndLastDay() throws {
    #expect(
      try Self.readings("19970930T090000", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1")
        == Self.days("1997", ["0930", "1001", "1031", "1101", "1130", "1201", "1231"])
        + Self.days("1998", ["0101", "0131", "0201"]))
  }

  @Test func every18MonthsOnTheTenthToFifteenth() throws {
    #expect(
      try Self.readings("19970910T090000", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15")
        == Self.days("1997", ["0910", "0911", "0912", "0913", "0914", "0915"])
        + Self.days("1999", ["0310", "0311", "0312", "0313"]))
  }

  @Test func everyTuesdayEveryOtherMonth() throws {
    #expect(
      try Self.readings("19970902T090000", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", limit: 18)
        == Self.days("1997", ["0902", "0909", "0916", "0923", "0930", "1104", "1111", "1118", "1125"])
        + Self.days("1998", ["0106", "0113", "0120", "0127", "0303", "0310", "0317", "0324", "0331"]))
  }

  @Test func yearlyInJuneAndJuly() throws {
    #expect(
      try Self.readings("19970610T090000", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7")
        == ["1997", "1998", "1999", "2000", "2001"].flatMap { [$0 + "0610", $0 + "0710"] })
  }

  @Test func everyOtherYearInJanuaryFebruaryMarch() throws {
    #expect(
      try Self.readings("19970310T090000", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3")
        == ["19970310"] + ["1999", "2001", "2003"].flatMap { [$0 + "0110", $0 + "0210", $0 + "0310"] })
  }

  @Test func everyThirdYearOnDays1And100And200() throws {
    #expect(
      try Self.readings("19970101T090000", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200")
        == Self.days("1997", ["0101", "0410", "0719"]) + Self.days("2000", ["0101", "0409", "0718"])
        + Self.days("2003", ["0101", "0410", "0719"]) + ["20060101"])
  }

  @Test func every20thMonday() throws {
    #expect(
      try Self.readings("19970519T090000", "FREQ=YEARLY;BYDAY=20MO", limit: 3) == [
        "19970519", "19980518", "19990517",
      ])
  }

  @Test func mondayOfWeek20() throws {
    #expect(
      try Self.readings("19970512T090000", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", limit: 3) == [
        "19970512", "19980511", "19990517",
      ])
  }

  @Test func everyThursdayInMarch() throws {
    #expect(
      try Self.readings("19970313T090000", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", limit: 11)
        == Self.days("1997", ["0313", "0320", "0327"]) + Self.days("1998", ["0305", "0312", "0319", "0326"])
        + Self.days("1999", ["0304", "0311", "0318", "0325"]))
  }

  @Test func everyThursdayInSummer() throws {
    #expect(
      try Self.readings("19970605T090000", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", limit: 39)
        == Self.days(
          "1997",
          [
            "0605", "0612", "0619", "0626", "0703", "0710", "0717", "0724", "0731", "0807", "0814", "0821",
            "0828",
          ])
        + Self.days(
          "1998",
          [
            "0604", "0611", "0618", "0625", "0702", "0709", "0716", "0723", "0730", "0806", "0813", "0820",
            "0827",
          ])
        + Self.days(
          "1999",
          [
            "0603", "0610", "0617", "0624", "0701", "0708", "0715", "0722", "0729", "0805", "0812", "0819",
            "0826",
          ]))
  }

  @Test func everyFridayThe13th() throws {
    #expect(
      try Self.readings(
        "19970902T090000", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", exdates: ["19970902T090000"], limit: 5)
        == ["19980213", "19980313", "19981113", "19990813", "20001013"])
  }

  @Test func firstSaturdayAfterTheFirstSunday() throws {
    #expect(
      try Self.readings("19970913T090000", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", limit: 10)
        == Self.days("1997", ["0913", "1011", "1108", "1213"])
        + Self.days("1998", ["0110", "0207", "0307", "0411", "0509", "0613"]))
  }

  @Test func usPresidentialElectionDay() throws {
    #expect(
      try Self.readings(
        "19961105T090000", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", limit: 3)
        == ["19961105", "20001107", "20041102"])
  }

  @Test func thirdOfTuesdayWednesdayThursdayForThreeMonths() throws {
    #expect(
      try Self.readings("19970904T090000", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3") == [
        "19970904", "19971007", "19971106",
      ])
  }

  @Test func secondToLastWeekday() throws {
    #expect(
      try Self.readings("19970929T090000", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", limit: 7)
        == Self.days("1997", ["0929", "1030", "1127", "1230"]) + Self.days("1998", ["0129", "0226", "0330"]))
  }

  @Test func every20MinutesFrom9To1640() throws {
    let day = (9...16).flatMap { hour in
      [0, 20, 40].map { "T" + CivilDate.pad(hour, 2) + CivilDate.pad($0, 2) }
    }
    let expected = ["19970902", "19970903"].flatMap { date in day.map { $0 == "T0900" ? date : date + $0 } }
    #expect(
      try Self.readings(
        "19970902T090000", "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", limit: 48) == expected
    )
  }

  @Test func weekStartChangesTheInstances() throws {
    #expect(
      try Self.readings("19970805T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO") == [
        "19970805", "19970810", "19970819", "19970824",
      ])
    #expect(
      try Self.readings("19970805T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU") == [
        "19970805", "19970817", "19970819", "19970831",
      ])
  }

  @Test func invalidDatesAreSkippedNotMoved() throws {
    #expect(
      try Self.readings("20070115T090000", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5") == [
        "20070115", "20070130", "20070215", "20070315", "20070330",
      ])
  }

  @Test func hourlyMinutelyAndSecondlyAreRefused() throws {
    for rule in [
      "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
      "FREQ=DAILY;BYSECOND=0",
    ] {
      #expect(throws: ICalendarProblem.self) { try RecurrenceRuleText.parse(rule) }
    }
  }

  @Test func instantsFollowTheZone() throws {
    // 09:00 EDT is 13:00Z; after the change on 1997-10-26, 09:00 EST is 14:00Z.
    let zone = Fixtures.zone("America/New_York")
    let series = RecurrenceSeries(
      start: try #require(LocalDateTime(year: 1997, month: 10, day: 24, hour: 9)), zone: zone,
      rule: RecurrenceRule(frequency: .daily, count: 3))
    let all = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 2_000_000_000)
    #expect(
      RecurrenceExpander.instances(of: series, in: all).map { ICalendarTime.utcText($0.start) } == [
        "19971024T130000Z", "19971025T130000Z", "19971026T140000Z",
      ])
  }
}
