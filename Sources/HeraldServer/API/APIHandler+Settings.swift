import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

extension APIHandler {
  func getSettings(_ input: Operations.GetSettings.Input) async throws -> Operations.GetSettings.Output {
    let store = try account.store
    return .ok(.init(body: .json(.init(try await store.settings(), language: try await store.language()))))
  }

  func updateSettings(_ input: Operations.UpdateSettings.Input) async throws
    -> Operations.UpdateSettings.Output
  {
    guard case .json(let patch) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    let store = try account.store
    var settings = try await store.settings()
    var language = try await store.language()
    // Every value through the core's one check, on a copy: one bad value and nothing is stored.
    for (key, value) in try patch.changes {
      do { try settings.set(key, to: value) } catch { throw FieldError(key.rawValue, error.problem) }
    }
    if let locale = patch.locale { language = try Language(parsing: locale.rawValue, field: "locale") }
    try await changing { try await store.setSettings(settings, language: language) }
    return .ok(.init(body: .json(.init(settings, language: language))))
  }
}

extension Components.Schemas.Settings {
  init(_ settings: Settings, language: Language) {
    self.init(
      locale: language == .de ? .de : .en,
      focusBlockLeadMinutes: settings.focusBlockLeadMinutes,
      dueDateMorningReminderEnabled: settings.dueDateMorningReminderEnabled,
      dueDateMorningReminderHour: settings.dueDateMorningReminderHour,
      dueDateMorningReminderMinute: settings.dueDateMorningReminderMinute,
      dueDateAdvanceReminderEnabled: settings.dueDateAdvanceReminderEnabled,
      dueDateAdvanceReminderMinutes: .init(rawValue: settings.dueDateAdvanceReminderMinutes.minutes) ?? ._60,
      poiNotificationsEnabled: settings.poiNotificationsEnabled,
      movementFollowUpMinutes: settings.movementFollowUpMinutes,
      progressReportEnabled: settings.progressReportEnabled,
      progressReportTime: settings.progressReportTime.description,
      liveActivityNotificationEnabled: settings.liveActivityNotificationEnabled)
  }
}

extension Components.Schemas.SettingsPatch {
  /// The settings the patch names, with their values as the core types them.
  var changes: [(SettingKey, SettingKey.Value)] {
    get throws(FieldError) {
      var changes: [(SettingKey, SettingKey.Value)] = []
      func add(_ key: SettingKey, _ value: SettingKey.Value?) {
        if let value { changes.append((key, value)) }
      }
      add(.focusBlockLeadMinutes, focusBlockLeadMinutes.map { .int($0) })
      add(.dueDateMorningReminderEnabled, dueDateMorningReminderEnabled.map { .bool($0) })
      add(.dueDateMorningReminderHour, dueDateMorningReminderHour.map { .int($0) })
      add(.dueDateMorningReminderMinute, dueDateMorningReminderMinute.map { .int($0) })
      add(.dueDateAdvanceReminderEnabled, dueDateAdvanceReminderEnabled.map { .bool($0) })
      add(.dueDateAdvanceReminderMinutes, dueDateAdvanceReminderMinutes.map { .int($0.rawValue) })
      add(.poiNotificationsEnabled, poiNotificationsEnabled.map { .bool($0) })
      add(.movementFollowUpMinutes, movementFollowUpMinutes.map { .int($0) })
      add(.progressReportEnabled, progressReportEnabled.map { .bool($0) })
      add(.liveActivityNotificationEnabled, liveActivityNotificationEnabled.map { .bool($0) })
      if let progressReportTime {
        add(
          .progressReportTime, .time(try WallClockTime.parse(progressReportTime, field: "progressReportTime"))
        )
      }
      return changes
    }
  }
}
