import HeraldCore

/// The settings form as submitted, read into the core's values: every value through the core's
/// checks, so a bad one is refused with its field's name and nothing is stored.
struct SettingsForm {
  let fields: FormFields

  /// The settings, language and movement schedule the form describes. `current` is the schedule
  /// stored now: a form whose weekdays are all off keeps "no schedule" as it was.
  func read(currentMovement current: MovementSchedule?) throws(FieldError) -> (
    settings: Settings, language: Language, movement: MovementSchedule?
  ) {
    var settings = Settings()
    func set(_ key: SettingKey, _ text: String?) throws(FieldError) {
      guard let text else { return }
      try settings.set(key, to: try key.parse(text))
    }
    try set(.focusBlockLeadMinutes, fields.trimmed("focusBlockLeadMinutes"))
    settings.liveActivityNotificationEnabled = fields.isChecked("liveActivityNotificationEnabled")
    settings.dueDateMorningReminderEnabled = fields.isChecked("dueDateMorningReminderEnabled")
    if let text = fields.trimmed("dueDateMorningReminderTime") {
      let time = try WallClockTime.parse(text, field: "dueDateMorningReminderTime")
      try settings.set(.dueDateMorningReminderHour, to: .int(time.hour))
      try settings.set(.dueDateMorningReminderMinute, to: .int(time.minute))
    }
    settings.dueDateAdvanceReminderEnabled = fields.isChecked("dueDateAdvanceReminderEnabled")
    try set(.dueDateAdvanceReminderMinutes, fields.trimmed("dueDateAdvanceReminderMinutes"))
    settings.poiNotificationsEnabled = fields.isChecked("poiNotificationsEnabled")
    try set(.movementFollowUpMinutes, fields.trimmed("movementFollowUpMinutes"))
    settings.progressReportEnabled = fields.isChecked("progressReportEnabled")
    try set(.progressReportTime, fields.trimmed("progressReportTime"))
    let language = try fields.trimmed("locale").map { (name) throws(FieldError) in
      try Language(parsing: name, field: "locale")
    }
    return (settings, language ?? .de, try movement(current: current))
  }

  private func movement(current: MovementSchedule?) throws(FieldError) -> MovementSchedule? {
    var days: [Weekday: DaySchedule] = [:]
    for weekday in Weekday.allCases {
      days[weekday] = try day(weekday)
    }
    if current == nil, days.isEmpty { return nil }
    func minutes(_ name: String, _ fallback: Int) throws(FieldError) -> Int {
      guard let text = fields.trimmed(name) else { return fallback }
      guard let value = Int(text) else {
        throw FieldError(name, "expected a whole number of minutes, got \"\(text)\"")
      }
      return value
    }
    func time(_ name: String, _ fallback: WallClockTime) throws(FieldError) -> WallClockTime {
      try fields.trimmed(name).map { (text) throws(FieldError) in try WallClockTime.parse(text, field: name) }
        ?? fallback
    }
    return try MovementSchedule(
      intervalMinutes: minutes("intervalMinutes", MovementSchedule.defaultIntervalMinutes),
      fallbackIntervalMinutes: minutes(
        "fallbackIntervalMinutes", MovementSchedule.defaultFallbackIntervalMinutes),
      activeHoursStart: time("activeHoursStart", MovementSchedule.defaultActiveHoursStart),
      activeHoursEnd: time("activeHoursEnd", MovementSchedule.defaultActiveHoursEnd), days: days)
  }

  /// One weekday's schedule; `nil` for off. Time-block rows with neither start nor end are empty.
  private func day(_ weekday: Weekday) throws(FieldError) -> DaySchedule? {
    let name = weekday.rawValue
    switch fields.trimmed("\(name).kind") ?? "off" {
    case "off":
      return nil
    case "fallback":
      return .fallback
    case "fixedTimes":
      let texts = (fields["\(name).fixedTimes"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      var times: [WallClockTime] = []
      for (index, text) in texts.enumerated() where !text.isEmpty {
        times.append(try WallClockTime.parse(text, field: "\(name).fixedTimes[\(index)]"))
      }
      return .fixedTimes(times)
    case "timeBlocks":
      var blocks: [TimeBlock] = []
      var index = 0
      while fields["\(name).block\(index).start"] != nil || fields["\(name).block\(index).end"] != nil {
        defer { index += 1 }
        let prefix = "\(name).block\(index)"
        let start = fields.trimmed("\(prefix).start")
        let end = fields.trimmed("\(prefix).end")
        guard start != nil || end != nil else { continue }
        do {
          let interval = try fields.trimmed("\(prefix).interval").map { (text) throws(FieldError) -> Int in
            guard let value = Int(text) else {
              throw FieldError("interval", "expected minutes, got \"\(text)\"")
            }
            return value
          }
          blocks.append(
            try TimeBlock(
              start: WallClockTime.parse(start ?? "", field: "start"),
              end: WallClockTime.parse(end ?? "", field: "end"),
              style: NotificationStyle(stored: fields.trimmed("\(prefix).style")), intervalMinutes: interval))
        } catch {
          throw error.prefixed(prefix)
        }
      }
      return .timeBlocks(blocks)
    case let other:
      throw FieldError("\(name).kind", "expected off, timeBlocks, fixedTimes or fallback, got \"\(other)\"")
    }
  }
}
