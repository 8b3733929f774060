import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import PropertyBased
import Testing

/// The next movement reminder against a brute-force reference that uses nothing but Foundation's
/// `Calendar`: every candidate of today and the 7 days after it, resolved with `date(from:)`.
///
/// `Calendar.date(from:)` resolves a skipped reading with the offset before the change and a
/// repeated one to the earlier instant, the contract's rules; `referenceAgreesWithContractOnDST`
/// pins that, so the property below compares against the contract and not just against Foundation.
@Suite struct MovementScheduleReferenceTests {
  static let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]

  /// A random schedule, in plain numbers, and the instant to ask at.
  struct Case: Sendable, CustomStringConvertible {
    enum Day: Sendable {
      case blocks([(start: Int, end: Int, style: NotificationStyle, interval: Int?)])
      case fixed([Int])
      case fallback
    }

    var zone: String
    var now: Date
    var interval: Int
    var fallbackInterval: Int
    var activeHours: (start: Int, end: Int)
    var days: [Weekday: Day]

    var description: String {
      let listed = Weekday.allCases.compactMap { weekday in
        days[weekday].map { day -> String in
          switch day {
          case .fixed(let minutes): "\(weekday) fixed \(minutes)"
          case .fallback: "\(weekday) fallback"
          case .blocks(let blocks):
            "\(weekday) blocks \(blocks.map { "\($0.start)-\($0.end) \($0.style) every \($0.interval ?? interval)" })"
          }
        }
      }
      return
        "zone \(zone), now \(RFC3339.utcString(now)), interval \(interval), fallback \(fallbackInterval), "
        + "active \(activeHours.start)-\(activeHours.end) (minutes of day); \(listed.joined(separator: "; "))"
    }

    /// The reference's own reading of the contract: every candidate of a weekday, in listed order.
    func candidates(on weekday: Weekday) -> [(minute: Int, style: NotificationStyle)] {
      func every(_ step: Int, from start: Int, to end: Int, _ style: NotificationStyle) -> [(
        Int, NotificationStyle
      )] {
        var minutes: [(Int, NotificationStyle)] = []
        var minute = start + step
        while minute < end {
          minutes.append((minute, style))
          minute += step
        }
        return minutes
      }
      switch days[weekday] {
      case nil: return []
      case .fixed(let minutes): return minutes.map { ($0, .standard) }
      case .fallback: return every(fallbackInterval, from: activeHours.start, to: activeHours.end, .standard)
      case .blocks(let blocks):
        return blocks.flatMap { every($0.interval ?? interval, from: $0.start, to: $0.end, $0.style) }
      }
    }

    func schedule() throws -> MovementSchedule {
      func time(_ minute: Int) throws -> WallClockTime { try #require(WallClockTime(minuteOfDay: minute)) }
      var schedule: [Weekday: DaySchedule] = [:]
      for (weekday, day) in days {
        switch day {
        case .fixed(let minutes): schedule[weekday] = .fixedTimes(try minutes.map(time))
        case .fallback: schedule[weekday] = .fallback
        case .blocks(let blocks):
          schedule[weekday] = .timeBlocks(
            try blocks.map {
              try TimeBlock(
                start: time($0.start), end: time($0.end), style: $0.style, intervalMinutes: $0.interval)
            })
        }
      }
      return try MovementSchedule(
        intervalMinutes: interval, fallbackIntervalMinutes: fallbackInterval,
        activeHoursStart: time(activeHours.start), activeHoursEnd: time(activeHours.end), days: schedule)
    }
  }

  /// Foundation's answer: the earliest candidate after `now` on today or the 7 days after it
  /// (earlier day, then listed order, wins a tie).
  static func reference(_ c: Case, calendar: Calendar) -> (date: Date, style: NotificationStyle)? {
    let today = calendar.dateComponents([.year, .month, .day], from: c.now)
    guard
      let todayNoon = calendar.date(
        from: DateComponents(year: today.year, month: today.month, day: today.day, hour: 12))
    else { return nil }
    var best: (date: Date, style: NotificationStyle)?
    for offset in 0...7 {
      guard let noon = calendar.date(byAdding: .day, value: offset, to: todayNoon) else { continue }
      let day = calendar.dateComponents([.year, .month, .day, .weekday], from: noon)
      // Calendar counts Sunday as 1; Weekday lists Monday first.
      let weekday = Weekday.allCases[((day.weekday ?? 1) + 5) % 7]
      for (minute, style) in c.candidates(on: weekday) {
        let reading = DateComponents(
          year: day.year, month: day.month, day: day.day, hour: minute / 60, minute: minute % 60)
        guard let date = calendar.date(from: reading), date > c.now else { continue }
        if best == nil || date < (best?.date ?? date) { best = (date, style) }
      }
    }
    return best
  }

  /// A minute of the day, often in the small hours where the DST changes of these zones happen.
  static func minute(_ rng: inout some RandomNumberGenerator) -> Int {
    Bool.random(using: &rng) ? Int.random(in: 0..<1440, using: &rng) : Int.random(in: 60..<200, using: &rng)
  }

  static let cases = Generator<Case, Shrink.None<Case>> { rng in
    let zone = zones.randomElement(using: &rng) ?? "UTC"
    let timeZone = Fixtures.calendar(zone).timeZone
    // Anchor `now` near one of the zone's DST changes of 2026 (or anywhere in 2026), up to 8 days before.
    var anchors = [
      Fixtures.instant("2026-01-01T00:00:00Z").addingTimeInterval(
        Double.random(in: 0..<365 * 86_400, using: &rng))
    ]
    var cursor = Fixtures.instant("2026-01-01T00:00:00Z")
    while let change = timeZone.nextDaylightSavingTimeTransition(after: cursor),
      change < Fixtures.instant("2027-01-01T00:00:00Z")
    {
      anchors.append(change)
      cursor = change
    }
    var seconds = (anchors.randomElement(using: &rng) ?? cursor).timeIntervalSince1970
    seconds += Double(Int.random(in: -8 * 86_400...86_400, using: &rng))
    // Half the time on a whole minute, so that `now` lands exactly on candidates.
    if Bool.random(using: &rng) { seconds = (seconds / 60).rounded(.down) * 60 }
    var days: [Weekday: Case.Day] = [:]
    // From one listed weekday (the next reminder may be a week away) to all seven.
    let listed = Int.random(in: 1...7, using: &rng)
    for weekday in Weekday.allCases where Int.random(in: 0..<7, using: &rng) < listed {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: days[weekday] = .fixed((0..<Int.random(in: 0...4, using: &rng)).map { _ in minute(&rng) })
      case 1: days[weekday] = .fallback
      default:
        days[weekday] = .blocks(
          (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            let start = min(minute(&rng), 1438)
            let end = Int.random(in: start + 1...1439, using: &rng)
            let interval = Bool.random(using: &rng) ? Int.random(in: 5...240, using: &rng) : nil
            return (start, end, NotificationStyle.allCases.randomElement(using: &rng) ?? .standard, interval)
          })
      }
    }
    let activeStart = Int.random(in: 0..<1439, using: &rng)
    return Case(
      zone: zone, now: Date(timeIntervalSince1970: seconds), interval: Int.random(in: 5...240, using: &rng),
      fallbackInterval: Int.random(in: 5...240, using: &rng),
      activeHours: (activeStart, Int.random(in: activeStart + 1...1439, using: &rng)), days: days)
  }

  @Test func nextReminderAgreesWithTheCalendarReference() async {
    await propertyCheck(count: 1000, input: Self.cases) { c in
      let calendar = Fixtures.calendar(c.zone)
      let schedule = try c.schedule()
      let expected = Self.reference(c, calendar: calendar)
      let zone = calendar.zone
      let actual = schedule.nextReminder(after: c.now, zone: zone)
      #expect(actual?.fireDate == expected?.date, "\(c)")
      #expect(actual?.style == expected?.style, "\(c)")
      if let actual {
        #expect(zone.instant(on: actual.day, at: actual.time) == actual.fireDate, "\(c)")
      }
    }
  }

  @Test(arguments: [
    // (zone, local reading, contract's instant)
    ("Europe/Berlin", "2026-03-29 02:30", "2026-03-29T01:30:00Z"),  // skipped: offset before (+01:00)
    ("Europe/Berlin", "2026-10-25 02:30", "2026-10-25T00:30:00Z"),  // repeated: the earlier
    ("America/New_York", "2026-03-08 02:30", "2026-03-08T07:30:00Z"),
    ("America/New_York", "2026-11-01 01:30", "2026-11-01T05:30:00Z"),
    ("Australia/Lord_Howe", "2026-10-04 02:15", "2026-10-03T15:45:00Z"),  // 30-minute gap, +10:30 before
    ("Australia/Lord_Howe", "2026-04-05 01:45", "2026-04-04T14:45:00Z"),  // 30-minute overlap, +11:00 first
  ])
  func referenceAgreesWithContractOnDST(zone: String, reading: String, instant: String) throws {
    let parts = reading.split(whereSeparator: { "- :".contains($0) }).compactMap { Int($0) }
    try #require(parts.count == 5)
    let components = DateComponents(
      year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
    #expect(Fixtures.calendar(zone).date(from: components) == Fixtures.instant(instant))
    // And the core's resolver reads it the same way.
    let day = try #require(CivilDate(year: parts[0], month: parts[1], day: parts[2]))
    let resolver = Fixtures.zone(zone)
    #expect(resolver.instant(on: day, at: Fixtures.time(parts[3], parts[4])) == Fixtures.instant(instant))
  }
}
