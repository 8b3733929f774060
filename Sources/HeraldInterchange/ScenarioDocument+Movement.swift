import HeraldCore

extension ScenarioDocument {
  static func movement(_ object: ObjectReader) throws(FieldError) -> MovementSchedule {
    try object.allowOnly(["intervalMinutes", "fallbackIntervalMinutes", "activeHours", "days"])
    var activeStart = MovementSchedule.defaultActiveHoursStart
    var activeEnd = MovementSchedule.defaultActiveHoursEnd
    if let hours = try object.object("activeHours") {
      try hours.allowOnly(["start", "end"])
      activeStart = try time(hours, "start") ?? activeStart
      activeEnd = try time(hours, "end") ?? activeEnd
    }
    var days: [Weekday: DaySchedule] = [:]
    if let dayObject = try object.object("days") {
      for member in dayObject.allMembers {
        let field = dayObject.field(member.key)
        guard let weekday = Weekday(rawValue: member.key) else {
          throw FieldError(field, "unknown key (expected a lower-case English weekday)")
        }
        days[weekday] = try daySchedule(member.value, field: field)
      }
    }
    let interval =
      try object.int("intervalMinutes", allowed: intervals) ?? MovementSchedule.defaultIntervalMinutes
    let fallbackInterval =
      try object.int("fallbackIntervalMinutes", allowed: intervals)
      ?? MovementSchedule.defaultFallbackIntervalMinutes
    do {
      return try MovementSchedule(
        intervalMinutes: interval, fallbackIntervalMinutes: fallbackInterval,
        activeHoursStart: activeStart, activeHoursEnd: activeEnd, days: days)
    } catch {
      throw error.prefixed(object.path)
    }
  }

  private static func daySchedule(_ value: JSONValue, field: String) throws(FieldError) -> DaySchedule {
    if value == .string("fallback") { return .fallback }
    let object = try ObjectReader(value, path: field)
    if let blocks = try object.array("timeBlocks") {
      try object.allowOnly(["timeBlocks"])
      var result: [TimeBlock] = []
      for (index, element) in blocks.enumerated() {
        result.append(try timeBlock(ObjectReader(element, path: object.field("timeBlocks[\(index)]"))))
      }
      return .timeBlocks(result)
    }
    if let times = try object.array("fixedTimes") {
      try object.allowOnly(["fixedTimes"])
      var result: [WallClockTime] = []
      for (index, element) in times.enumerated() {
        guard case .string(let text) = element, let time = WallClockTime(text) else {
          throw FieldError(
            object.field("fixedTimes[\(index)]"),
            "expected \(WallClockTime.expected), got \(JSONWriter.string(element, pretty: false))")
        }
        result.append(time)
      }
      return .fixedTimes(result)
    }
    try object.allowOnly([])
    throw FieldError(field, "expected {\"timeBlocks\": [...]}, {\"fixedTimes\": [...]} or \"fallback\"")
  }

  private static func timeBlock(_ object: ObjectReader) throws(FieldError) -> TimeBlock {
    try object.allowOnly(["start", "end", "style", "intervalMinutes"])
    guard let start = try time(object, "start") else { throw FieldError(object.field("start"), "required") }
    guard let end = try time(object, "end") else { throw FieldError(object.field("end"), "required") }
    let style: NotificationStyle
    let styleName = try object.string("style")
    do { style = try NotificationStyle(stored: styleName) } catch { throw error.prefixed(object.path) }
    let interval = try object.int("intervalMinutes", allowed: intervals)
    do {
      return try TimeBlock(start: start, end: end, style: style, intervalMinutes: interval)
    } catch {
      throw error.prefixed(object.path)
    }
  }

  /// What an interval field allows, for messages.
  private static var intervals: String {
    "an integer \(MovementSchedule.intervals.lowerBound)–\(MovementSchedule.intervals.upperBound)"
  }

  private static func time(_ object: ObjectReader, _ key: String) throws(FieldError) -> WallClockTime? {
    guard let text = try object.string(key) else { return nil }
    return try WallClockTime.parse(text, field: object.field(key))
  }
}
