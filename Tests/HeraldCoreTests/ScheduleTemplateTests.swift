import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 003, "Schedule Templates": the styles each ready-made schedule uses.
@Suite struct ScheduleTemplateTests {
  /// Every reminder a template gives in the week from Monday 2026-06-01 00:00 (Berlin) on.
  static func week(of template: ScheduleTemplate) -> [MovementReminder] {
    let resolver = Fixtures.berlin.zone
    let end = Fixtures.instant("2026-06-08T00:00:00+02:00")
    var cursor = Fixtures.instant("2026-06-01T00:00:00+02:00")
    var found: [MovementReminder] = []
    while let next = template.schedule.nextReminder(after: cursor, zone: resolver), next.fireDate < end {
      found.append(next)
      cursor = next.fireDate
    }
    return found
  }

  @Test func officeWorkerIsUrgentOnWeekdaysFromNineToFive() throws {
    let week = Self.week(of: .officeWorker)
    try #require(!week.isEmpty)
    #expect(week.allSatisfy { $0.style == .urgent })
    // Inside work hours: after 09:00, before 17:00.
    #expect(week.allSatisfy { $0.time > Fixtures.time(9, 0) && $0.time < Fixtures.time(17, 0) })
    // Monday to Friday, each of them; never the weekend.
    let weekdays = Set(week.map(\.day.weekday))
    #expect(weekdays == Set(Weekday.workdays))
    #expect(!weekdays.contains(.saturday) && !weekdays.contains(.sunday))
  }

  @Test func officeWorkerSkipsTheWeekend() throws {
    // From Friday evening the next reminder is Monday morning's first.
    let resolver = Fixtures.berlin.zone
    let friday = Fixtures.instant("2026-06-05T18:00:00+02:00")
    let next = try #require(
      ScheduleTemplate.officeWorker.schedule.nextReminder(after: friday, zone: resolver))
    #expect(next.day == CivilDate(year: 2026, month: 6, day: 8))
    #expect(next.day.weekday == .monday)
    #expect(next.style == .urgent)
  }

  @Test(arguments: [ScheduleTemplate.recoveryMode, .gentleMovement])
  func restfulTemplatesAreGentleEveryDay(template: ScheduleTemplate) throws {
    let week = Self.week(of: template)
    try #require(!week.isEmpty)
    #expect(week.allSatisfy { $0.style == .gentle })
    #expect(Set(week.map(\.day.weekday)) == Set(Weekday.allCases))
  }

  @Test func everyTemplatesBlocksCarryItsStyle() {
    // Not just the reminders of one week: every block the template defines.
    let expected: [ScheduleTemplate: NotificationStyle] = [
      .officeWorker: .urgent, .recoveryMode: .gentle, .gentleMovement: .gentle,
    ]
    for template in ScheduleTemplate.allCases {
      for (weekday, day) in template.schedule.days {
        guard case .timeBlocks(let blocks) = day else {
          Issue.record("\(template) \(weekday) is not made of time blocks")
          continue
        }
        #expect(!blocks.isEmpty)
        #expect(blocks.allSatisfy { $0.style == expected[template] }, "\(template) \(weekday)")
      }
    }
  }

  @Test func officeWorkersBlockIsNineToFive() throws {
    let monday = try #require(ScheduleTemplate.officeWorker.schedule.days[.monday])
    guard case .timeBlocks(let blocks) = monday else {
      Issue.record("Monday is not made of time blocks")
      return
    }
    #expect(blocks.map(\.start) == [Fixtures.time(9, 0)])
    #expect(blocks.map(\.end) == [Fixtures.time(17, 0)])
  }

  @Test(arguments: [
    // Recovery Mode: 10:00–18:00 every 90 minutes; Gentle Movement: 08:00–20:00 every 60 minutes.
    (ScheduleTemplate.recoveryMode, "10:00", "18:00", 90, ["11:30", "13:00", "14:30", "16:00", "17:30"]),
    (
      ScheduleTemplate.gentleMovement, "08:00", "20:00", 60,
      ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00"]
    ),
  ])
  func restfulTemplatesTimesAndIntervals(
    template: ScheduleTemplate, start: String, end: String, interval: Int, times: [String]
  ) throws {
    for weekday in Weekday.allCases {
      let day = try #require(template.schedule.days[weekday])
      guard case .timeBlocks(let blocks) = day else {
        Issue.record("\(template) \(weekday) is not made of time blocks")
        continue
      }
      #expect(blocks.map(\.start.description) == [start])
      #expect(blocks.map(\.end.description) == [end])
      #expect(blocks.map(\.intervalMinutes) == [interval])
    }
    // Monday 1 June 2026, as the schedule gives it, reminder by reminder.
    let monday = Self.week(of: template).filter { $0.day == CivilDate(year: 2026, month: 6, day: 1) }
    #expect(monday.map(\.time.description) == times)
  }

  @Test func displayNamesAreTheSpecs() {
    #expect(ScheduleTemplate.officeWorker.displayName == "Office Worker")
    #expect(ScheduleTemplate.recoveryMode.displayName == "Recovery Mode")
    #expect(ScheduleTemplate.gentleMovement.displayName == "Gentle Movement")
  }
}
