/// The name of a setting, and the one place its allowed values are checked.
public enum SettingKey: String, Sendable, CaseIterable {
  case focusBlockLeadMinutes
  case dueDateMorningReminderEnabled
  case dueDateMorningReminderHour
  case dueDateMorningReminderMinute
  case dueDateAdvanceReminderEnabled
  case dueDateAdvanceReminderMinutes
  case poiNotificationsEnabled
  case movementFollowUpMinutes
  case progressReportEnabled
  case progressReportTime
  case liveActivityNotificationEnabled

  /// A setting's value, typed.
  public enum Value: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case time(WallClockTime)
  }

  /// Parses a key; the error names the unknown key.
  public init(parsing name: String) throws(FieldError) {
    guard let key = SettingKey(rawValue: name) else {
      throw FieldError(
        name, "unknown setting (known: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    self = key
  }

  /// What values the key takes, for help and error texts.
  public var allowed: String {
    switch self {
    case .focusBlockLeadMinutes: "an integer 0–120"
    case .dueDateMorningReminderHour: "an integer 0–23"
    case .dueDateMorningReminderMinute: "an integer 0–59"
    case .dueDateAdvanceReminderMinutes: "one of 15, 30, 60, 120, 1440"
    case .movementFollowUpMinutes: "an integer 1–240"
    case .progressReportTime: WallClockTime.expected
    case .dueDateMorningReminderEnabled, .dueDateAdvanceReminderEnabled, .poiNotificationsEnabled,
      .progressReportEnabled, .liveActivityNotificationEnabled:
      "true or false"
    }
  }

  /// Checks a typed value; throws naming the key, the value and what is allowed.
  public func validate(_ value: Value) throws(FieldError) {
    let ok: Bool
    switch (self, value) {
    case (.focusBlockLeadMinutes, .int(let v)): ok = (0...120).contains(v)
    case (.dueDateMorningReminderHour, .int(let v)): ok = (0...23).contains(v)
    case (.dueDateMorningReminderMinute, .int(let v)): ok = (0...59).contains(v)
    case (.dueDateAdvanceReminderMinutes, .int(let v)): ok = AdvanceLeadTime(rawValue: v) != nil
    case (.movementFollowUpMinutes, .int(let v)): ok = (1...240).contains(v)
    case (.progressReportTime, .time): ok = true
    case (.dueDateMorningReminderEnabled, .bool), (.dueDateAdvanceReminderEnabled, .bool),
      (.poiNotificationsEnabled, .bool), (.progressReportEnabled, .bool),
      (.liveActivityNotificationEnabled, .bool):
      ok = true
    default: ok = false
    }
    guard ok else { throw FieldError(rawValue, "expected \(allowed), got \(value.text)") }
  }

  /// Parses text as typed on a command line or in a form (`30`, `true`, `07:30`), then validates.
  public func parse(_ text: String) throws(FieldError) -> Value {
    let value: Value
    switch self {
    case .dueDateMorningReminderEnabled, .dueDateAdvanceReminderEnabled, .poiNotificationsEnabled,
      .progressReportEnabled, .liveActivityNotificationEnabled:
      switch text {
      case "true", "on", "yes": value = .bool(true)
      case "false", "off", "no": value = .bool(false)
      default: throw FieldError(rawValue, "expected \(allowed), got \"\(text)\"")
      }
    case .progressReportTime:
      value = .time(try WallClockTime.parse(text, field: rawValue))
    default:
      guard let number = Int(text) else { throw FieldError(rawValue, "expected \(allowed), got \"\(text)\"") }
      value = .int(number)
    }
    try validate(value)
    return value
  }
}

extension SettingKey.Value {
  /// The value as text, as `parse` reads it back.
  public var text: String {
    switch self {
    case .bool(let v): String(v)
    case .int(let v): String(v)
    case .time(let v): v.description
    }
  }
}

extension Settings {
  /// The current value of a key.
  public subscript(key: SettingKey) -> SettingKey.Value {
    switch key {
    case .focusBlockLeadMinutes: .int(focusBlockLeadMinutes)
    case .dueDateMorningReminderEnabled: .bool(dueDateMorningReminderEnabled)
    case .dueDateMorningReminderHour: .int(dueDateMorningReminderHour)
    case .dueDateMorningReminderMinute: .int(dueDateMorningReminderMinute)
    case .dueDateAdvanceReminderEnabled: .bool(dueDateAdvanceReminderEnabled)
    case .dueDateAdvanceReminderMinutes: .int(dueDateAdvanceReminderMinutes.minutes)
    case .poiNotificationsEnabled: .bool(poiNotificationsEnabled)
    case .movementFollowUpMinutes: .int(movementFollowUpMinutes)
    case .progressReportEnabled: .bool(progressReportEnabled)
    case .progressReportTime: .time(progressReportTime)
    case .liveActivityNotificationEnabled: .bool(liveActivityNotificationEnabled)
    }
  }

  /// Sets a key after validating the value; on error nothing changes.
  public mutating func set(_ key: SettingKey, to value: SettingKey.Value) throws(FieldError) {
    try key.validate(value)
    switch (key, value) {
    case (.focusBlockLeadMinutes, .int(let v)): focusBlockLeadMinutes = v
    case (.dueDateMorningReminderEnabled, .bool(let v)): dueDateMorningReminderEnabled = v
    case (.dueDateMorningReminderHour, .int(let v)): dueDateMorningReminderHour = v
    case (.dueDateMorningReminderMinute, .int(let v)): dueDateMorningReminderMinute = v
    case (.dueDateAdvanceReminderEnabled, .bool(let v)): dueDateAdvanceReminderEnabled = v
    case (.dueDateAdvanceReminderMinutes, .int(let v)):
      dueDateAdvanceReminderMinutes = AdvanceLeadTime(rawValue: v) ?? dueDateAdvanceReminderMinutes
    case (.poiNotificationsEnabled, .bool(let v)): poiNotificationsEnabled = v
    case (.movementFollowUpMinutes, .int(let v)): movementFollowUpMinutes = v
    case (.progressReportEnabled, .bool(let v)): progressReportEnabled = v
    case (.progressReportTime, .time(let v)): progressReportTime = v
    case (.liveActivityNotificationEnabled, .bool(let v)): liveActivityNotificationEnabled = v
    default: break  // validate() has rejected every other pairing
    }
  }
}
