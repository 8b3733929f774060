import Foundation
import HeraldCore

/// The plan output of `contracts/plan.md`, and the delivery lines of `herald run --sink stdout`.
public enum PlanDocument {
  /// How a silent notification's `sound` reads: `null` in the plan document and the delivery
  /// lines; left out by the API, whose `sound` is optional and never null (openapi.yaml).
  public enum SilentSound: Sendable { case null, absent }

  /// The whole plan, pretty-printed, ending in a newline.
  public static func encode(_ plan: Plan, timeZone: Zone) -> String {
    String(decoding: bytes(plan, timeZone: timeZone), as: UTF8.self)
  }

  /// The whole plan as UTF-8, pretty-printed, ending in a newline so that a terminal's prompt
  /// starts on a line of its own after it.
  public static func bytes(_ plan: Plan, timeZone: Zone, silentSound: SilentSound = .null) -> [UInt8] {
    JSONWriter.bytes(document(plan, timeZone: timeZone, silentSound: silentSound)) + [UInt8(ascii: "\n")]
  }

  /// The plan as a JSON value, for a writer to print.
  public static func document(_ plan: Plan, timeZone: Zone, silentSound: SilentSound = .null) -> JSONValue {
    .object([
      .init("now", .string(RFC3339.utcString(plan.now))),
      .init("timeZone", .string(timeZone.identifier)),
      .init(
        "pending", .array(plan.pending.map { notification($0, now: plan.now, silentSound: silentSound) })),
      .init(
        "deferred",
        .array(
          plan.deferred.map {
            .object([
              .init("id", .string($0.identifier)), .init("fireDate", .string(RFC3339.utcString($0.fireDate))),
            ])
          })),
    ])
  }

  /// One pending request as the contract prints it. `now` gives an interval trigger its seconds.
  public static func notification(
    _ planned: PlannedNotification, now: Date?, silentSound: SilentSound = .null
  ) -> JSONValue {
    let content = planned.content
    var members: [JSONValue.Member] = [
      .init("id", .string(planned.identifier)),
      .init("category", .string(content.categoryIdentifier)),
      .init("fireDate", .string(RFC3339.utcString(planned.fireDate))),
    ]
    if let now { members.append(.init("trigger", trigger(planned, now: now))) }
    members += [
      .init("title", .string(content.title)),
      .init("body", .string(content.body)),
      .init("interruptionLevel", .string(content.interruptionLevel.rawValue)),
    ]
    if content.sound != nil || silentSound == .null {
      members.append(.init("sound", content.sound.map { .string($0.rawValue) } ?? .null))
    }
    members += [
      .init(
        "userInfo",
        .object(content.userInfo.sorted { $0.key < $1.key }.map { .init($0.key, .string($0.value)) }))
    ]
    return .object(members)
  }

  private static func trigger(_ planned: PlannedNotification, now: Date) -> JSONValue {
    switch planned.request.trigger {
    case .timeInterval:
      // Seconds from the plan's `now`, so a plan printed later still reads true.
      return .object([
        .init("type", .string("interval")),
        .init(
          "seconds", .number(Double(NotificationTrigger.intervalSeconds(from: now, to: planned.fireDate)))),
      ])
    case .calendar(let components, let repeats):
      return .object([
        .init("type", .string("calendar")),
        .init(
          "components",
          .object([
            .init("year", .number(Double(components.year))),
            .init("month", .number(Double(components.month))),
            .init("day", .number(Double(components.day))), .init("hour", .number(Double(components.hour))),
            .init("minute", .number(Double(components.minute))),
          ])),
        .init("repeats", .bool(repeats)),
      ])
    case .location(let region):
      return .object([.init("type", .string("location")), .init("region", .string(region.identifier))])
    }
  }
}
