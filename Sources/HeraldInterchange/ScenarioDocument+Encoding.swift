import Foundation
import HeraldCore

extension ScenarioDocument {
  /// Writes a state as a scenario document that `decode` reads back to the same state: every
  /// setting spelled out, instants with the zone's offset at that instant.
  public static func encode(_ state: PlanningState) -> String {
    let instant = instants(in: state.timeZone)
    var members: [JSONValue.Member] = [
      .init("timeZone", .string(state.timeZone.identifier)),
      .init("locale", .string(state.language.rawValue)),
      .init(
        "settings",
        .object(SettingKey.allCases.map { .init($0.rawValue, json(state.settings[$0])) })),
      .init(
        "focusBlocks",
        .array(
          state.focusBlocks.map { block in
            .object([
              .init("id", .string(block.id)), .init("title", .string(block.title)),
              .init("start", instant(block.start)), .init("end", instant(block.end)),
              .init("taskIDs", .array(block.taskIDs.map(JSONValue.string))),
            ])
          })),
      .init(
        "tasks",
        .array(
          state.tasks.map { json($0, instant) })),
    ]
    if let movement = state.movement { members.append(.init("movement", json(movement))) }
    // Only when there are routes: a document without them reads as it always did.
    if let routes = state.routes, !routes.isEmpty {
      members.append(.init("routes", .array(routes.map(RouteDocument.json))))
    }
    return JSONWriter.string(.object(members)) + "\n"
  }

  /// One task as `encode` writes it in a document, on its own: for a store that keeps each task
  /// as a row of its own (`decodeTask` reads it back).
  public static func encode(_ task: TodoItem, in zone: Zone) -> String {
    JSONWriter.string(json(task, instants(in: zone)))
  }

  /// How a document writes an instant: RFC 3339 with the zone's offset at that instant.
  private static func instants(in zone: Zone) -> (Date) -> JSONValue {
    { date in
      .string(RFC3339.string(date, offsetSeconds: zone.offset(atEpochSeconds: date.timeIntervalSince1970)))
    }
  }

  static func json(_ task: TodoItem, _ instant: (Date) -> JSONValue) -> JSONValue {
    .object([
      .init("id", .string(task.id)), .init("title", .string(task.title)),
      .init("due", task.due.map(instant) ?? .null), .init("completed", .bool(task.completed)),
    ])
  }

  private static func json(_ value: SettingKey.Value) -> JSONValue {
    switch value {
    case .bool(let flag): .bool(flag)
    case .int(let number): .number(Double(number))
    case .time(let time): .string(time.description)
    }
  }

  private static func json(_ movement: MovementSchedule) -> JSONValue {
    let days: [JSONValue.Member] = Weekday.allCases.compactMap { weekday in
      guard let schedule = movement.days[weekday] else { return nil }
      switch schedule {
      case .fallback:
        return .init(weekday.rawValue, .string("fallback"))
      case .fixedTimes(let times):
        return .init(
          weekday.rawValue, .object([.init("fixedTimes", .array(times.map { .string($0.description) }))]))
      case .timeBlocks(let blocks):
        let encoded: [JSONValue] = blocks.map { block in
          var fields: [JSONValue.Member] = [
            .init("start", .string(block.start.description)), .init("end", .string(block.end.description)),
            .init("style", .string(block.style.rawValue)),
          ]
          if let interval = block.intervalMinutes {
            fields.append(.init("intervalMinutes", .number(Double(interval))))
          }
          return .object(fields)
        }
        return .init(weekday.rawValue, .object([.init("timeBlocks", .array(encoded))]))
      }
    }
    return .object([
      .init("intervalMinutes", .number(Double(movement.intervalMinutes))),
      .init("fallbackIntervalMinutes", .number(Double(movement.fallbackIntervalMinutes))),
      .init(
        "activeHours",
        .object([
          .init("start", .string(movement.activeHoursStart.description)),
          .init("end", .string(movement.activeHoursEnd.description)),
        ])),
      .init("days", .object(days)),
    ])
  }
}
