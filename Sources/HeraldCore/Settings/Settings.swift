/// Every user setting with its default; the meaning of the specs' `@AppStorage` keys.
///
/// Values are valid by construction: a field whose type allows invalid values (the ranged
/// integers) changes only through `set(_:to:)`, which checks it in one place, `SettingKey.validate`.
public struct Settings: Sendable, Hashable {
  /// Minutes before a focus block's start that its reminder fires (spec 000): 0–120.
  public internal(set) var focusBlockLeadMinutes = 5
  public var dueDateMorningReminderEnabled = true
  /// 0–23.
  public internal(set) var dueDateMorningReminderHour = 9
  /// 0–59.
  public internal(set) var dueDateMorningReminderMinute = 0
  public var dueDateAdvanceReminderEnabled = false
  public var dueDateAdvanceReminderMinutes = AdvanceLeadTime.oneHour
  /// Whether reaching a point of interest notifies (spec 004).
  public var poiNotificationsEnabled = true
  /// Minutes after an unacknowledged movement reminder that the urgent follow-up fires: 1–240.
  public internal(set) var movementFollowUpMinutes = 10
  public var progressReportEnabled = true
  /// When the daily movement progress report fires.
  public var progressReportTime = WallClockTime(20, 0)
  /// Whether `herald run` shows the running focus block as a resident desktop notification (the
  /// Live Activity of spec 002, for a desktop without a status bar).
  public var liveActivityNotificationEnabled = true

  public init() {}

  /// The morning reminder's time of day.
  public var dueDateMorningReminderTime: WallClockTime {
    WallClockTime(hour: dueDateMorningReminderHour, minute: dueDateMorningReminderMinute)
      ?? .midnight  // unreachable: `set(_:to:)` keeps both in range
  }
}
