import Foundation
import HeraldCore
import HeraldTestSupport
import HeraldInterchange

/// The zone, instants and movement schedules the benchmarks share.
enum BenchmarkFixtures {
  static let berlin = zone("Europe/Berlin")

  /// A Wednesday morning in Berlin, four days before the spring-forward change, so resolvers
  /// have a transition in their window.
  static let now = instant("2025-03-26T07:30:00+01:00")

  /// Weekdays in time blocks of three styles, fixed times on Saturday, the fallback on Sunday.
  static let realisticSchedule: MovementSchedule = {
    let workday = DaySchedule.timeBlocks([
      block(Fixtures.time(9, 0), Fixtures.time(12, 0), .urgent, nil),
      block(Fixtures.time(13, 0), Fixtures.time(17, 30), .standard, 30),
      block(Fixtures.time(17, 30), Fixtures.time(19, 0), .gentle, 60),
    ])
    var days = Dictionary(uniqueKeysWithValues: Weekday.workdays.map { ($0, workday) })
    days[.saturday] = .fixedTimes([Fixtures.time(10, 0), Fixtures.time(14, 30), Fixtures.time(18, 0)])
    days[.sunday] = .fallback
    return schedule(days)
  }()

  /// One reminder a week, Mondays at 08:00: from a Monday at 09:00 the whole week is scanned.
  static let weeklySchedule = schedule([.monday: .fixedTimes([Fixtures.time(8, 0)])])

  static func zone(_ identifier: String) -> Zone {
    guard let zone = try? SystemZones.shared.zone(named: identifier) else {
      preconditionFailure("unknown zone \(identifier)")
    }
    return zone
  }

  static func instant(_ text: String) -> Date {
    guard let date = RFC3339.parse(text) else { preconditionFailure("bad RFC 3339 literal \(text)") }
    return date
  }

  private static func block(
    _ start: WallClockTime, _ end: WallClockTime, _ style: NotificationStyle, _ interval: Int?
  ) -> TimeBlock {
    do {
      return try TimeBlock(start: start, end: end, style: style, intervalMinutes: interval)
    } catch {
      preconditionFailure("fixture block is invalid: \(error)")
    }
  }

  private static func schedule(_ days: [Weekday: DaySchedule]) -> MovementSchedule {
    do {
      return try MovementSchedule(days: days)
    } catch {
      preconditionFailure("fixture schedule is invalid: \(error)")
    }
  }
}
