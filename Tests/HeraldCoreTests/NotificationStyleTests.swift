import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 003: a time block's style decides the interruption level and the sound of its reminders.
@Suite struct NotificationStyleTests {
  /// The table of spec 003's "Solution Overview".
  static let expected: [NotificationStyle: (level: InterruptionLevel, sound: NotificationSound?)] = [
    .gentle: (.passive, nil),
    .urgent: (.timeSensitive, .default),
    .standard: (.active, .default),
  ]

  /// A Monday in summer time (Europe/Berlin, +02:00).
  static let monday = Fixtures.instant("2026-06-01T06:00:00Z")

  /// The spec's own test, under its name: content built for each style carries its level and sound.
  @Test func testNotificationStyleMapping() throws {
    #expect(Set(Self.expected.keys) == Set(NotificationStyle.allCases))
    for (style, expected) in Self.expected {
      // Given content that starts out loud and time-sensitive, so every field must be overwritten
      let base = NotificationContent(
        title: "t", body: "b", sound: .default, interruptionLevel: .critical, categoryIdentifier: "movement")
      let content = base.styled(style)
      #expect(content.interruptionLevel == expected.level, "\(style)")
      #expect(content.sound == expected.sound, "\(style)")
      #expect(style.interruptionLevel == expected.level, "\(style)")
      #expect(style.sound == expected.sound, "\(style)")
      // Styling touches nothing but level and sound.
      #expect(content.title == base.title && content.body == base.body)
      #expect(content.categoryIdentifier == base.categoryIdentifier)
    }
  }

  @Test(arguments: NotificationStyle.allCases)
  func movementReminderCarriesItsBlocksStyle(style: NotificationStyle) throws {
    // Given Monday's only block, 09:00–10:00 every 30 minutes, in this style
    let block = try TimeBlock(
      start: Fixtures.time(9, 0), end: Fixtures.time(10, 0), style: style, intervalMinutes: 30)
    let schedule = try MovementSchedule(days: [.monday: .timeBlocks([block])])
    // When the next reminder is planned at 08:00 local
    let state = PlanningState(timeZone: Fixtures.berlin.zone, movement: schedule)
    let planned = try #require(Fixtures.planned("exercise-reminder", state, at: Self.monday))
    // Then it fires at 09:30 local with the block's level and sound
    let expected = try #require(Self.expected[style])
    #expect(planned.fireDate == Fixtures.instant("2026-06-01T09:30:00+02:00"))
    #expect(planned.content.interruptionLevel == expected.level)
    #expect(planned.content.sound == expected.sound)
  }

  @Test func noStyleIsCritical() {
    // `.critical` needs a special entitlement; spec 003 says it is not used.
    #expect(NotificationStyle.allCases.allSatisfy { $0.interruptionLevel != .critical })
  }

  @Test func storedNilIsStandard() throws {
    // Data written before styles existed has no value: it keeps the old behaviour.
    #expect(try NotificationStyle(stored: nil) == .standard)
  }

  @Test(arguments: NotificationStyle.allCases)
  func storedNameReadsBack(style: NotificationStyle) throws {
    #expect(try NotificationStyle(stored: style.rawValue) == style)
  }

  @Test(arguments: ["loud", "", "Gentle", "URGENT", " standard"])
  func unknownStoredStyleIsAnErrorNamingTheField(value: String) {
    #expect {
      try NotificationStyle(stored: value)
    } throws: { error in
      guard let error = error as? FieldError else { return false }
      return error.field == "style" && error.description.hasPrefix("style: ")
        && error.problem.contains("\"\(value)\"")
    }
  }

  @Test func storedNamesAreTheSpecs() {
    #expect(NotificationStyle.allCases.map(\.rawValue).sorted() == ["gentle", "standard", "urgent"])
  }

  @Test func englishHelpTextsAreTheSpecs() {
    // Spec 003, "Documentation Needed", word for word.
    let english = Texts(.en)
    #expect(english.helpText(.gentle) == "Gentle: Silent notifications that don't interrupt")
    #expect(english.helpText(.standard) == "Standard: Normal notification behavior")
    #expect(english.helpText(.urgent) == "Urgent: Break through Focus mode for important times")
  }

  @Test func germanHelpTextsArePresentAndTranslated() {
    let german = Texts(.de)
    let english = Texts(.en)
    let texts = NotificationStyle.allCases.map(german.helpText)
    for style in NotificationStyle.allCases {
      let text = german.helpText(style)
      #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(style)")
      #expect(!german.label(style).isEmpty, "\(style)")
      // Standard is the same word in both languages, but not the sentence after it.
      #expect(text != english.helpText(style), "\(style) is not translated")
    }
    #expect(Set(texts).count == texts.count, "each style has its own help text")
  }

  @Test func englishLabelsAreTheSpecs() {
    // Spec 003, "What Exists": localized strings "Gentle (Silent)" and "Urgent".
    #expect(Texts(.en).label(.gentle) == "Gentle (Silent)")
    #expect(Texts(.en).label(.urgent) == "Urgent")
  }
}
