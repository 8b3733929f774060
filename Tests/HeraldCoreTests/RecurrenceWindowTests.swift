import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldInterchange

/// A narrow window gives exactly the instances a wide one gives inside it: jumping to the window
/// (rules without `COUNT`) and counting whole stretches of periods (rules with it) change nothing.
@Suite struct RecurrenceWindowTests {
  static let rules = [
    "FREQ=DAILY;COUNT=13000", "FREQ=DAILY;INTERVAL=3;COUNT=4000;BYHOUR=1,2,3;BYMINUTE=30",
    "FREQ=WEEKLY;COUNT=3000;BYDAY=MO,TH",
    "FREQ=WEEKLY;INTERVAL=2;COUNT=900;BYDAY=MO,TU,WE;BYSETPOS=-1,1;WKST=SU",
    "FREQ=MONTHLY;COUNT=400;BYMONTHDAY=31", "FREQ=YEARLY;COUNT=90;BYWEEKNO=1,-1;BYDAY=MO", "FREQ=DAILY",
    "FREQ=WEEKLY;INTERVAL=5;BYDAY=SU", "FREQ=MONTHLY;INTERVAL=7;BYDAY=-1FR", "FREQ=YEARLY;BYYEARDAY=-1,60",
    "FREQ=DAILY;UNTIL=20250301T000000Z;BYMONTH=2,3", "FREQ=DAILY;COUNT=9000;BYDAY=MO,WE,FR",
    "FREQ=DAILY;INTERVAL=14;COUNT=500;BYDAY=MO", "FREQ=DAILY;INTERVAL=14;COUNT=500;BYDAY=TU",
    "FREQ=DAILY;INTERVAL=3;COUNT=3000;BYDAY=SA,SU;BYHOUR=1,2;BYSETPOS=-1",
  ]

  @Test(arguments: rules)
  func aNarrowWindowAgreesWithAWideOne(rule: String) throws {
    let zone = Fixtures.zone("America/New_York")
    let series = RecurrenceSeries(
      start: try #require(LocalDateTime(year: 1990, month: 1, day: 1, hour: 2, minute: 30)), zone: zone,
      rule: try RecurrenceRuleText.parse(rule))
    let start = Date(timeIntervalSince1970: 631_152_000)  // 1990-01-01
    let wide = RecurrenceExpander.instances(
      of: series, in: start...start.addingTimeInterval(40 * 365 * 86_400))
    var random = SeededGenerator(seed: 7)
    for _ in 0..<40 {
      let from = start.addingTimeInterval(
        Double(Int.random(in: 0...(38 * 365), using: &random)) * 86_400 + 3600)
      let window = from...from.addingTimeInterval(Double(Int.random(in: 1...60, using: &random)) * 86_400)
      #expect(
        RecurrenceExpander.instances(of: series, in: window) == wide.filter { window.contains($0.start) },
        "\(rule) in \(window)")
    }
  }

  @Test func aCountedDailySeriesEndsOnItsLastDay() throws {
    let series = RecurrenceSeries(
      start: try #require(LocalDateTime(year: 1990, month: 1, day: 1, hour: 9)), zone: Zone.utc,
      rule: RecurrenceRule(frequency: .daily, count: 13000))
    let last = try #require(CivilDate(year: 1990, month: 1, day: 1)).adding(days: 12999)
    let around = Date(timeIntervalSince1970: Double(last.daysSinceEpoch - 3) * 86_400)
    let instances = RecurrenceExpander.instances(
      of: series, in: around...around.addingTimeInterval(7 * 86_400))
    #expect(instances.map(\.local.date) == (0...3).map { last.adding(days: $0 - 3) })
  }
}
