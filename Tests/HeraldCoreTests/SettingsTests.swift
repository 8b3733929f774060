import HeraldCore
import HeraldTestSupport
import Testing

/// Settings: defaults from the specs, and `SettingKey`, the one place their values are checked.
struct SettingsTests {
  @Test func defaultsFollowTheSpecs() {
    let settings = Settings()
    // Spec 000: 5 minutes before a block.
    #expect(settings.focusBlockLeadMinutes == 5)
    #expect(FocusBlockStartReminder.defaultLeadMinutes == 5)
    // Spec 001: morning reminder on at 09:00, advance reminder off, 60 minutes.
    #expect(settings.dueDateMorningReminderEnabled)
    #expect(settings.dueDateMorningReminderHour == 9)
    #expect(settings.dueDateMorningReminderMinute == 0)
    #expect(settings.dueDateMorningReminderTime == Fixtures.time(9, 0))
    #expect(!settings.dueDateAdvanceReminderEnabled)
    #expect(settings.dueDateAdvanceReminderMinutes == .oneHour)
    #expect(settings.dueDateAdvanceReminderMinutes.minutes == 60)
    #expect(settings.poiNotificationsEnabled)
  }

  @Test(arguments: [
    (SettingKey.focusBlockLeadMinutes, ["0", "5", "120"], ["-1", "121", "5.5", "five", ""]),
    (.dueDateMorningReminderHour, ["0", "9", "23"], ["-1", "24", "25", "9:00"]),
    (.dueDateMorningReminderMinute, ["0", "59"], ["-1", "60"]),
    (
      .dueDateAdvanceReminderMinutes, ["15", "30", "60", "120", "1440"],
      ["0", "45", "90", "1441", "1 Stunde"]
    ),
    (.movementFollowUpMinutes, ["1", "240"], ["0", "241"]),
    (.progressReportTime, ["00:00", "07:30", "23:59"], ["24:00", "7:30", "07:60", "0730", ""]),
    (.dueDateMorningReminderEnabled, ["true", "false", "on", "off", "yes", "no"], ["1", "TRUE", "maybe"]),
    (.dueDateAdvanceReminderEnabled, ["true", "off"], ["0"]),
    (.poiNotificationsEnabled, ["true", "no"], ["y"]),
    (.progressReportEnabled, ["yes", "false"], ["nope"]),
  ])
  func parseAcceptsTheRangeAndNamesTheKeyOnError(key: SettingKey, valid: [String], invalid: [String]) throws {
    for text in valid {
      let value = try key.parse(text)
      // What parse accepts, validate accepts, and the text reads back to the same value.
      try key.validate(value)
      #expect(try key.parse(value.text) == value)
    }
    for text in invalid {
      let error = #expect(throws: FieldError.self, "\(key.rawValue) \"\(text)\"") { try key.parse(text) }
      #expect(error?.field == key.rawValue)
      // Numbers out of range are shown as read, anything else quoted as typed.
      let message = error?.description ?? ""
      #expect(message.hasPrefix("\(key.rawValue): expected \(key.allowed), got "))
      #expect(message.hasSuffix("got \(text)") || message.hasSuffix("got \"\(text)\""), "\(message)")
    }
  }

  @Test func coversEveryKey() {
    #expect(
      Set(SettingKey.allCases.map(\.rawValue)) == [
        "focusBlockLeadMinutes", "dueDateMorningReminderEnabled", "dueDateMorningReminderHour",
        "dueDateMorningReminderMinute", "dueDateAdvanceReminderEnabled", "dueDateAdvanceReminderMinutes",
        "poiNotificationsEnabled", "movementFollowUpMinutes", "progressReportEnabled", "progressReportTime",
        "liveActivityNotificationEnabled",
      ])
  }

  @Test func hour25IsRejectedNamingTheKey() {
    #expect(throws: FieldError("dueDateMorningReminderHour", "expected an integer 0–23, got 25")) {
      try SettingKey.dueDateMorningReminderHour.validate(.int(25))
    }
    do {
      _ = try SettingKey.dueDateMorningReminderHour.parse("25")
      Issue.record("hour 25 was accepted")
    } catch {
      #expect(error.description == "dueDateMorningReminderHour: expected an integer 0–23, got 25")
    }
  }

  @Test func wrongTypeIsRejected() {
    #expect(throws: FieldError.self) { try SettingKey.dueDateMorningReminderHour.validate(.bool(true)) }
    #expect(throws: FieldError.self) { try SettingKey.dueDateMorningReminderEnabled.validate(.int(1)) }
    #expect(throws: FieldError.self) { try SettingKey.progressReportTime.validate(.int(730)) }
  }

  @Test func unknownKeyIsAnError() throws {
    #expect(try SettingKey(parsing: "focusBlockLeadMinutes") == .focusBlockLeadMinutes)
    do {
      _ = try SettingKey(parsing: "dueDateMorningHour")
      Issue.record("unknown key was accepted")
    } catch {
      #expect(error.field == "dueDateMorningHour")
      #expect(error.description.hasPrefix("dueDateMorningHour: unknown setting"))
      #expect(error.description.contains("dueDateMorningReminderHour"))
    }
  }

  @Test func setValidatesAndLeavesSettingsUnchangedOnError() throws {
    var settings = Settings()
    try settings.set(.dueDateMorningReminderHour, to: .int(7))
    try settings.set(.dueDateAdvanceReminderMinutes, to: .int(1440))
    try settings.set(.progressReportTime, to: .time(Fixtures.time(21, 15)))
    #expect(settings.dueDateMorningReminderHour == 7)
    #expect(settings.dueDateAdvanceReminderMinutes == .oneDay)
    #expect(settings.progressReportTime == Fixtures.time(21, 15))

    let before = settings
    #expect(throws: FieldError.self) { try settings.set(.dueDateMorningReminderHour, to: .int(25)) }
    #expect(throws: FieldError.self) { try settings.set(.dueDateAdvanceReminderMinutes, to: .int(45)) }
    #expect(settings == before)
  }

  @Test func everyKeyReadsBackWhatWasSet() throws {
    var settings = Settings()
    for key in SettingKey.allCases {
      let value = try key.parse(settings[key].text)
      #expect(value == settings[key], "\(key)")
      try settings.set(key, to: value)
    }
    #expect(settings == Settings())
  }

  @Test func storedStyle() throws {
    #expect(try NotificationStyle(stored: nil) == .standard)
    #expect(try NotificationStyle(stored: "gentle") == .gentle)
    #expect(try NotificationStyle(stored: "urgent") == .urgent)
    #expect(throws: FieldError("style", "expected gentle, standard or urgent, got \"loud\"")) {
      try NotificationStyle(stored: "loud")
    }
  }
}
