import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

extension APIHandler {
  func getMovementSchedule(_ input: Operations.GetMovementSchedule.Input) async throws
    -> Operations.GetMovementSchedule.Output
  {
    guard let schedule = try await account.store.movementSchedule() else {
      throw RecordError.notFound("movement schedule", "none set (PUT one, or apply a template)")
    }
    return .ok(.init(body: .json(.init(schedule))))
  }

  func setMovementSchedule(_ input: Operations.SetMovementSchedule.Input) async throws
    -> Operations.SetMovementSchedule.Output
  {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    let schedule = try body.schedule()
    let store = try account.store
    try await changing { try await store.setMovementSchedule(schedule) }
    return .ok(.init(body: .json(.init(schedule))))
  }

  func deleteMovementSchedule(_ input: Operations.DeleteMovementSchedule.Input) async throws
    -> Operations.DeleteMovementSchedule.Output
  {
    let store = try account.store
    try await changing { try await store.setMovementSchedule(nil) }
    return .noContent(.init())
  }

  func listMovementTemplates(_ input: Operations.ListMovementTemplates.Input) async throws
    -> Operations.ListMovementTemplates.Output
  {
    .ok(.init(body: .json(ScheduleTemplate.allCases.map(Components.Schemas.MovementTemplate.init))))
  }

  func applyMovementTemplate(_ input: Operations.ApplyMovementTemplate.Input) async throws
    -> Operations.ApplyMovementTemplate.Output
  {
    guard let template = ScheduleTemplate(rawValue: input.path.name.rawValue) else {
      throw FieldError("name", "unknown template \"\(input.path.name.rawValue)\"")
    }
    let store = try account.store
    try await changing { try await store.setMovementSchedule(template.schedule) }
    return .ok(.init(body: .json(.init(template.schedule))))
  }
}

extension Components.Schemas.MovementTemplate {
  init(_ template: ScheduleTemplate) {
    self.init(
      name: .init(rawValue: template.rawValue) ?? .officeWorker, displayName: template.displayName,
      schedule: .init(template.schedule))
  }
}

extension Components.Schemas.MovementSchedule {
  init(_ schedule: MovementSchedule) {
    func day(_ weekday: Weekday) -> Components.Schemas.DaySchedule? {
      switch schedule.days[weekday] {
      case nil: nil
      case .fallback: .init(kind: .fallback)
      case .fixedTimes(let times): .init(kind: .fixedTimes, fixedTimes: times.map(\.description))
      case .timeBlocks(let blocks):
        .init(
          kind: .timeBlocks,
          timeBlocks: blocks.map {
            .init(
              start: $0.start.description, end: $0.end.description,
              style: .init(rawValue: $0.style.rawValue) ?? .standard,
              intervalMinutes: $0.intervalMinutes)
          })
      }
    }
    self.init(
      intervalMinutes: schedule.intervalMinutes, fallbackIntervalMinutes: schedule.fallbackIntervalMinutes,
      activeHours: .init(
        start: schedule.activeHoursStart.description, end: schedule.activeHoursEnd.description),
      days: .init(
        monday: day(.monday), tuesday: day(.tuesday), wednesday: day(.wednesday), thursday: day(.thursday),
        friday: day(.friday), saturday: day(.saturday), sunday: day(.sunday)))
  }

  /// The schedule the body describes, checked by the core's rules; errors name the field
  /// (`days.monday.timeBlocks[0].end`).
  func schedule() throws(FieldError) -> MovementSchedule {
    let weekdays: [(Weekday, Components.Schemas.DaySchedule?)] = [
      (.monday, days.monday), (.tuesday, days.tuesday), (.wednesday, days.wednesday),
      (.thursday, days.thursday),
      (.friday, days.friday), (.saturday, days.saturday), (.sunday, days.sunday),
    ]
    var parsed: [Weekday: DaySchedule] = [:]
    for case (let weekday, let day?) in weekdays {
      do { parsed[weekday] = try day.schedule() } catch { throw error.prefixed("days.\(weekday.rawValue)") }
    }
    return try MovementSchedule(
      intervalMinutes: intervalMinutes, fallbackIntervalMinutes: fallbackIntervalMinutes,
      activeHoursStart: WallClockTime.parse(activeHours.start, field: "activeHours.start"),
      activeHoursEnd: WallClockTime.parse(activeHours.end, field: "activeHours.end"), days: parsed)
  }
}

extension Components.Schemas.DaySchedule {
  func schedule() throws(FieldError) -> DaySchedule {
    switch kind {
    case .fallback:
      return .fallback
    case .fixedTimes:
      guard let fixedTimes else { throw FieldError("fixedTimes", "required with kind fixedTimes") }
      var times: [WallClockTime] = []
      for (index, text) in fixedTimes.enumerated() {
        times.append(try WallClockTime.parse(text, field: "fixedTimes[\(index)]"))
      }
      return .fixedTimes(times)
    case .timeBlocks:
      guard let timeBlocks else { throw FieldError("timeBlocks", "required with kind timeBlocks") }
      var blocks: [TimeBlock] = []
      for (index, block) in timeBlocks.enumerated() {
        do {
          blocks.append(
            try TimeBlock(
              start: WallClockTime.parse(block.start, field: "start"),
              end: WallClockTime.parse(block.end, field: "end"),
              style: NotificationStyle(stored: block.style.rawValue), intervalMinutes: block.intervalMinutes))
        } catch {
          throw error.prefixed("timeBlocks[\(index)]")
        }
      }
      return .timeBlocks(blocks)
    }
  }
}
