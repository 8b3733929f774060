import Foundation
import HeraldCore
import HeraldInterchange

/// Job 3: the next movement reminder, for a realistic week and for a week scanned to its end.
struct MovementBenchmark {
  struct Case {
    var name: String
    var schedule: MovementSchedule
    var nows: [Date]
  }

  let cases: [Case]
  let timeZone = BenchmarkFixtures.berlin

  init() {
    let start = BenchmarkFixtures.now
    // Sixteen instants over a week, at all times of day, so every kind of day comes up.
    let acrossTheWeek = (0..<16).map { start.addingTimeInterval(Double($0) * 10.5 * 3600) }
    // Monday 09:00: the only reminder is next Monday at 08:00, so all eight days are looked at.
    let mondayMorning = BenchmarkFixtures.instant("2025-03-24T09:00:00+01:00")
    cases = [
      Case(name: "realistic week", schedule: BenchmarkFixtures.realisticSchedule, nows: acrossTheWeek),
      Case(
        name: "7 days ahead", schedule: BenchmarkFixtures.weeklySchedule,
        nows: (0..<4).map { mondayMorning.addingTimeInterval(Double($0) * 60) }),
    ]
  }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    var rows: [BenchmarkRow] = []
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Self.foundationZone(timeZone)
    for (number, item) in cases.enumerated() {
      let label = "3\(number == 0 ? "a" : "b"). movement, \(item.name)"
      let zone = timeZone
      let ours = harness.measure(samples: 101) { counter in
        Self.digest(item.schedule.nextReminder(after: item.nows[counter % item.nows.count], zone: zone))
      }
      // With the zone looked up by name in the system's database, as a request does.
      let withLookup = harness.measure(samples: 101) { counter in
        let now = item.nows[counter % item.nows.count]
        let zone = (try? SystemZones.shared.zone(named: zone.identifier)) ?? zone
        return Self.digest(item.schedule.nextReminder(after: now, zone: zone))
      }
      let naive = harness.measure(samples: 31) { counter in
        Self.digest(
          Self.naiveNext(item.schedule, after: item.nows[counter % item.nows.count], calendar: calendar))
      }
      let naiveWithCalendar = harness.measure(samples: 31) { counter in
        var fresh = Calendar(identifier: .gregorian)
        fresh.timeZone = Self.foundationZone(timeZone)
        return Self.digest(
          Self.naiveNext(item.schedule, after: item.nows[counter % item.nows.count], calendar: fresh))
      }
      rows.append(
        BenchmarkRow(job: label + ", zone at hand", ours: ours, targetNanoseconds: 5e3, naive: naive))
      rows.append(
        BenchmarkRow(
          job: label + ", incl. zone lookup", ours: withLookup, targetNanoseconds: 5e3,
          naive: naiveWithCalendar))
    }
    return rows
  }

  /// Whether our answer and the naive one agree on every instant of every case.
  func agreementReport() -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Self.foundationZone(timeZone)
    var compared = 0
    var differing = 0
    for item in cases {
      for now in item.nows {
        compared += 1
        let ours = item.schedule.nextReminder(after: now, zone: timeZone)
        let naive = Self.naiveNext(item.schedule, after: now, calendar: calendar)
        if ours?.fireDate != naive?.date || ours?.style != naive?.style { differing += 1 }
      }
    }
    return "movement: ours and naive agree on \(compared - differing) of \(compared) instants"
  }

  /// Foundation's zone of the same name, for the naive way.
  static func foundationZone(_ zone: Zone) -> TimeZone {
    guard let timeZone = TimeZone(identifier: zone.identifier) else { preconditionFailure("\(zone)") }
    return timeZone
  }

  /// The spec sample's way: for each of the 8 days and each candidate, ask `Calendar` for the
  /// instant, collect them all, sort, and take the first after `now`.
  static func naiveNext(
    _ schedule: MovementSchedule, after now: Date, calendar: Calendar
  ) -> (date: Date, style: NotificationStyle)? {
    var candidates: [(date: Date, style: NotificationStyle)] = []
    let today = calendar.startOfDay(for: now)
    for offset in 0...MovementSchedule.lookaheadDays {
      guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
      let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
      guard let calendarWeekday = parts.weekday else { continue }
      // Calendar counts from Sunday = 1; Weekday.allCases starts on Monday.
      let weekday = Weekday.allCases[(calendarWeekday + 5) % 7]
      for (minute, style) in scheduledMinutes(schedule, on: weekday) {
        var components = DateComponents()
        components.year = parts.year
        components.month = parts.month
        components.day = parts.day
        components.hour = minute / 60
        components.minute = minute % 60
        if let date = calendar.date(from: components) { candidates.append((date, style)) }
      }
    }
    candidates.sort { $0.date < $1.date }
    return candidates.first { $0.date > now }
  }

  private static func scheduledMinutes(
    _ schedule: MovementSchedule, on weekday: Weekday
  ) -> [(minute: Int, style: NotificationStyle)] {
    switch schedule.days[weekday] {
    case nil:
      return []
    case .fixedTimes(let times):
      return times.map { ($0.minuteOfDay, .standard) }
    case .fallback:
      return stride(
        from: schedule.activeHoursStart.minuteOfDay + schedule.fallbackIntervalMinutes,
        to: schedule.activeHoursEnd.minuteOfDay, by: schedule.fallbackIntervalMinutes
      ).map { ($0, .standard) }
    case .timeBlocks(let blocks):
      return blocks.flatMap { block in
        stride(
          from: block.start.minuteOfDay + (block.intervalMinutes ?? schedule.intervalMinutes),
          to: block.end.minuteOfDay, by: block.intervalMinutes ?? schedule.intervalMinutes
        ).map { ($0, block.style) }
      }
    }
  }

  private static func digest(_ reminder: MovementReminder?) -> Int {
    Int(reminder?.fireDate.timeIntervalSince1970 ?? 0)
  }

  private static func digest(_ reminder: (date: Date, style: NotificationStyle)?) -> Int {
    Int(reminder?.date.timeIntervalSince1970 ?? 0)
  }
}
