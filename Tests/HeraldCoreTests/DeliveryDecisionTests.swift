import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The one delivery rule, as a table: a due reminder, what the log knows, and how long after its
/// time it comes due give show (on time or late), skip or missed. No clock: `now` is an input.
@Suite struct DeliveryDecisionTests {
  static let fire = Fixtures.instant("2026-11-23T08:55:00Z")
  static let soon = DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire.addingTimeInterval(-300))

  static func due(saidBefore: [DeliveryKey] = [], language: Language = .de) -> DueReminder {
    let content = NotificationContent(
      title: "Focus Block startet jetzt", body: "Deep Work beginnt jetzt",
      categoryIdentifier: NotificationCategory.focusBlockStart)
    return DueReminder(
      notification: PlannedNotification(
        identifier: "focus-block-start-b1", content: content, fireDate: fire, now: fire),
      language: language, actions: [.done], saidBefore: saidBefore)
  }

  enum Expected: Equatable {
    case onTime, late, missed, alreadyHandled(DeliveryStatus), saidBefore
  }

  /// (seconds after its time, what the log knows, the reminder said before, expected)
  static let table: [(Double, [DeliveryKey: DeliveryStatus], [DeliveryKey], Expected)] = [
    (0, [:], [], .onTime),
    (5, [:], [], .onTime),  // 5 seconds late is still on time: late means more than 5
    (5.001, [:], [], .late),
    (3600, [:], [], .late),
    (12 * 3600, [:], [], .late),  // the grace window's last instant
    (12 * 3600 + 0.001, [:], [], .missed),
    (-0.5, [:], [], .onTime),  // a timer firing a hair early is on time, never "late"
    (
      0, [DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire): .delivered], [],
      .alreadyHandled(.delivered)
    ),
    (
      13 * 3600, [DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire): .missed], [],
      .alreadyHandled(.missed)
    ),
    // The same id at another instant is another reminder.
    (0, [DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire + 60): .delivered], [], .onTime),
    (0, [soon: .delivered], [soon], .saidBefore),
    (0, [soon: .missed], [soon], .saidBefore),
    (0, [:], [soon], .onTime),  // nothing said before: "starts now" is shown
  ]

  @Test(arguments: table.indices)
  func decides(row: Int) {
    let (after, log, saidBefore, expected) = Self.table[row]
    let decision = DeliveryDecision.decide(
      Self.due(saidBefore: saidBefore), log: log, now: Self.fire.addingTimeInterval(after),
      policy: DeliveryPolicy())
    let got: Expected? =
      switch decision {
      case .show(let delivery): delivery.late ? .late : .onTime
      case .recordMissed(let key): key == Self.due().key ? .missed : nil
      case .skip(.alreadyHandled(let status)): .alreadyHandled(status)
      case .skip(.saidBefore(let key)): key == Self.soon ? .saidBefore : nil
      case .recordSilently: nil
      }
    #expect(got == expected, "row \(row)")
  }

  @Test func aShownDeliveryCarriesTheButtonsStyleAndTheLateMarkerInTheUsersLanguage() throws {
    for (language, marker) in [(Language.de, "(verspätet)"), (Language.en, "(late)")] {
      let decision = DeliveryDecision.decide(
        Self.due(language: language), log: [:], now: Self.fire.addingTimeInterval(60),
        policy: DeliveryPolicy())
      guard case .show(let delivery) = decision else {
        Issue.record("not shown: \(decision)")
        continue
      }
      #expect(delivery.late)
      #expect(delivery.deliveredAt == Self.fire.addingTimeInterval(60))
      #expect(delivery.actions == [.done])
      #expect(delivery.style == .standard)
      #expect(delivery.displayTitle == "Focus Block startet jetzt \(marker)")
    }
  }

  @Test func theGraceWindowIsAPolicy() {
    let policy = DeliveryPolicy(graceWindow: 3600, lateAfter: 5)
    let atTheEdge = DeliveryDecision.decide(Self.due(), log: [:], now: Self.fire + 3600, policy: policy)
    let past = DeliveryDecision.decide(Self.due(), log: [:], now: Self.fire + 3601, policy: policy)
    #expect(atTheEdge != .recordMissed(Self.due().key))
    #expect(past == .recordMissed(Self.due().key))
  }

  @Test func aSilencedReminderShowsNothingButRecordsWhatItChanges() {
    // Spec 004: with "POI-Benachrichtigungen" off a point reached still counts.
    let visit = DeliveryEffect.placeVisited(routeID: "r", spotID: "1", at: Self.fire)
    var due = Self.due()
    due.effects = [visit]
    due.isSilenced = true
    #expect(
      DeliveryDecision.decide(due, log: [:], now: Self.fire, policy: DeliveryPolicy())
        == .recordSilently([visit]))
    // Even long after its time: nothing is shown, so nothing is missed.
    #expect(
      DeliveryDecision.decide(due, log: [:], now: Self.fire + 86_400, policy: DeliveryPolicy())
        == .recordSilently([visit]))
    // What the log has handled stays handled.
    #expect(
      DeliveryDecision.decide(due, log: [due.key: .delivered], now: Self.fire, policy: DeliveryPolicy())
        == .skip(.alreadyHandled(.delivered)))
  }

  @Test func stylesReadBackFromTheLevelTheSpecGivesThem() {
    // Spec 003: gentle → passive, standard → active, urgent → timeSensitive.
    #expect(NotificationStyle(shownAs: .passive) == .gentle)
    #expect(NotificationStyle(shownAs: .active) == .standard)
    #expect(NotificationStyle(shownAs: .timeSensitive) == .urgent)
    #expect(NotificationStyle(shownAs: .critical) == .urgent)
  }
}
