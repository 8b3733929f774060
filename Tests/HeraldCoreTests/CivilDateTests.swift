import Foundation
import HeraldCore
import PropertyBased
import Testing

/// Days of the proleptic Gregorian calendar, counted from 1970-01-01.
struct CivilDateTests {
  private func date(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDate {
    try #require(CivilDate(year: year, month: month, day: day))
  }

  @Test func knownDaysSinceEpoch() throws {
    #expect(try date(1970, 1, 1).daysSinceEpoch == 0)
    #expect(try date(1969, 12, 31).daysSinceEpoch == -1)
    #expect(try date(2000, 3, 1).daysSinceEpoch == 11_017)
    #expect(try date(2026, 1, 1).daysSinceEpoch == 20_454)
    #expect(try date(2026, 3, 29).daysSinceEpoch == 20_541)
    #expect(try date(1600, 1, 1).daysSinceEpoch == -135_140)
    #expect(CivilDate(daysSinceEpoch: 20_541) == (try date(2026, 3, 29)))
    #expect(CivilDate(daysSinceEpoch: -719_468) == (try date(0, 3, 1)))
  }

  @Test func validatesMonthsAndDays() {
    #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
    #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
    #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 2026, month: 2, day: 30) == nil)
    #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
    #expect(CivilDate(year: 2026, month: 12, day: 31) != nil)
    #expect(CivilDate(year: 2026, month: 12, day: 32) == nil)
    #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
    #expect(CivilDate(year: 2026, month: 0, day: 1) == nil)
    #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
  }

  @Test(arguments: [
    (1970, 1, 1, Weekday.thursday), (1969, 12, 31, .wednesday), (2000, 2, 29, .tuesday),
    (2026, 3, 29, .sunday), (2026, 11, 23, .monday), (2026, 11, 28, .saturday), (2024, 2, 29, .thursday),
    (1900, 1, 1, .monday),
  ])
  func weekdayOfKnownDates(year: Int, month: Int, day: Int, weekday: Weekday) throws {
    #expect(try date(year, month, day).weekday == weekday)
  }

  @Test func addingDaysCrossesMonthsAndYears() throws {
    #expect(try date(2026, 12, 31).adding(days: 1) == (try date(2027, 1, 1)))
    #expect(try date(2028, 2, 28).adding(days: 1) == (try date(2028, 2, 29)))
    #expect(try date(2026, 3, 1).adding(days: -1) == (try date(2026, 2, 28)))
    #expect(try date(2026, 1, 1).adding(days: 365) == (try date(2027, 1, 1)))
  }

  @Test func ordersAndPrints() throws {
    #expect(try date(2026, 3, 29) < (try date(2026, 3, 30)))
    #expect(try date(2025, 12, 31) < (try date(2026, 1, 1)))
    #expect(try date(2026, 3, 9).description == "2026-03-09")
    #expect(try date(42, 1, 5).description == "0042-01-05")
  }

  // MARK: Properties

  /// About ±2 200 years around 1970.
  static let days = Gen.int(in: -800_000...800_000)

  @Test func daysRoundTrip() async {
    await propertyCheck(input: Self.days) { days in
      let day = CivilDate(daysSinceEpoch: days)
      #expect(day.daysSinceEpoch == days)
      #expect(CivilDate(year: day.year, month: day.month, day: day.day) == day)
      #expect(day.adding(days: 1).daysSinceEpoch == days + 1)
      #expect(day < day.adding(days: 1))
    }
  }

  @Test func agreesWithFoundationGregorianCalendar() async {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    // Foundation's Gregorian calendar switches to Julian before 1582, so compare from then on.
    await propertyCheck(input: Gen.int(in: -141_000...800_000)) { days in
      let day = CivilDate(daysSinceEpoch: days)
      let components = calendar.dateComponents(
        [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(days) * 86_400))
      #expect(components.year == day.year)
      #expect(components.month == day.month)
      #expect(components.day == day.day)
      // Foundation counts Sunday as 1.
      let expected: [Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
      #expect(components.weekday.map { expected[$0 - 1] } == day.weekday)
    }
  }
}
