import Foundation
import HeraldCore

/// Job `recurrence`: 1 000 recurring series over a 14-day window — daily for 20 years (counted
/// from 2010 by `COUNT`, the hard case: no jumping to the window), weekly with `BYDAY`, monthly
/// with `BYSETPOS` — in Berlin, across the spring-forward change.
struct RecurrenceBenchmark {
  let series: [RecurrenceSeries]
  let window: ClosedRange<Date>

  init(count: Int = 1000) {
    let now = BenchmarkFixtures.now
    window = now...now.addingTimeInterval(14 * 86_400)
    let zone = BenchmarkFixtures.berlin
    let weekdays: [RecurrenceRule.WeekdayNumber] = [.init(.monday), .init(.wednesday), .init(.friday)]
    let workdays = Weekday.workdays.map { RecurrenceRule.WeekdayNumber($0) }
    series = (0..<count).map { index in
      let minute = index % 600
      func start(_ year: Int) -> LocalDateTime {
        LocalDateTime(
          localSeconds: (RecurrenceBenchmark.day(year) + index % 28) * 86_400 + (8 * 60 + minute) * 60)
      }
      let rule: RecurrenceRule
      let first: LocalDateTime
      switch index % 3 {
      case 0:
        first = start(2010)
        rule = RecurrenceRule(frequency: .daily, count: 7305)
      case 1:
        first = start(2006)
        rule = RecurrenceRule(frequency: .weekly, byDay: weekdays)
      default:
        first = start(2006)
        rule = RecurrenceRule(frequency: .monthly, byDay: workdays, bySetPos: [-1])
      }
      return RecurrenceSeries(start: first, zone: zone, rule: rule)
    }
  }

  static func day(_ year: Int) -> Int { CivilDate(year: year, month: 1, day: 1)?.daysSinceEpoch ?? 0 }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    let ours = harness.measure(samples: 21, warmUpBatches: 1, minimumSampleTime: .milliseconds(20)) { _ in
      series.reduce(0) { $0 + RecurrenceExpander.instances(of: $1, in: window).count }
    }
    // The naive way: every instance from DTSTART on, as Dates, then the ones in the window.
    let everything = Date(timeIntervalSince1970: 946_684_800)...window.upperBound  // from 2000
    let naive = harness.measure(samples: 5, warmUpBatches: 0, minimumSampleTime: .milliseconds(1)) { _ in
      series.reduce(0) { sum, series in
        sum
          + RecurrenceExpander.instances(of: series, in: everything).filter { window.contains($0.start) }
          .count
      }
    }
    return [
      BenchmarkRow(
        job: "recurrence: 1 000 series, 14 days", ours: ours, targetNanoseconds: 20e6, naive: naive)
    ]
  }
}
