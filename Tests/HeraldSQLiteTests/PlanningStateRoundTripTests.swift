import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// An import followed by reading the state back gives the same state, and the same document.
@Suite struct PlanningStateRoundTripTests {
  /// Every kind of content a scenario can hold, with nothing left at its default.
  static let fullScenario = """
    {
      "timeZone": "America/New_York",
      "locale": "en",
      "settings": {
        "focusBlockLeadMinutes": 15, "dueDateMorningReminderEnabled": false,
        "dueDateMorningReminderHour": 7, "dueDateMorningReminderMinute": 45,
        "dueDateAdvanceReminderEnabled": true, "dueDateAdvanceReminderMinutes": 1440,
        "poiNotificationsEnabled": false, "movementFollowUpMinutes": 20,
        "progressReportEnabled": false, "progressReportTime": "21:30"
      },
      "focusBlocks": [
        { "id": "b2", "title": "Review", "start": "2026-11-23T14:00:00.250-05:00",
          "end": "2026-11-23T15:00:00-05:00", "taskIDs": ["t3", "t1", "missing"] },
        { "id": "b1", "title": "Deep Work — „Fokus“", "start": "2026-03-08T01:30:00-05:00",
          "end": "2026-03-08T03:30:00-04:00" }
      ],
      "tasks": [
        { "id": "t3", "title": "Pull Request prüfen", "due": null },
        { "id": "t1", "title": "Steuererklärung", "due": "2026-11-24T17:00:00.125-05:00", "completed": true },
        { "id": "t2", "title": "Angebot", "due": "2026-11-01T01:30:00-05:00" }
      ],
      "movement": {
        "intervalMinutes": 30, "fallbackIntervalMinutes": 90,
        "activeHours": { "start": "07:15", "end": "21:00" },
        "days": {
          "monday": { "timeBlocks": [
            { "start": "06:00", "end": "08:00", "style": "gentle", "intervalMinutes": 30 },
            { "start": "09:00", "end": "17:00", "style": "urgent" } ] },
          "tuesday": { "timeBlocks": [] },
          "wednesday": { "fixedTimes": [] },
          "saturday": { "fixedTimes": ["16:30", "10:00"] },
          "sunday": "fallback"
        }
      }
    }
    """

  static func decode(_ text: String) throws -> PlanningState {
    try ScenarioDocument.decode(Data(text.utf8))
  }

  @Test func importThenReadGivesTheSameStateAndDocument() throws {
    let store = try SQLiteStore.inMemory()
    let original = try Self.decode(Self.fullScenario)

    try store.replaceAll(with: original)
    let read = try store.planningState(timeZone: original.timeZone)

    // With a movement schedule the state carries the (still empty) movement log.
    var expected = original
    expected.movementLog = MovementLog()
    #expect(read == expected)
    #expect(ScenarioDocument.encode(read) == ScenarioDocument.encode(original))
    #expect(try store.storedTimeZoneName() == original.timeZone.identifier)
  }

  @Test func theExampleScenarioRoundTrips() throws {
    let url = HeraldProcess.repositoryRoot.appendingPathComponent("examples/scenario.json")
    let original = try ScenarioDocument.decode(Data(contentsOf: url))
    let store = try SQLiteStore.inMemory()
    try store.replaceAll(with: original)
    let read = try store.planningState(timeZone: original.timeZone)
    #expect(ScenarioDocument.encode(read) == ScenarioDocument.encode(original))
  }

  @Test func instantsReadBackBitForBit() throws {
    let store = try SQLiteStore.inMemory()
    let awkward = [1_764_000_000.001, 1_764_000_000.999, 0.1 + 0.2, -86_400.5, 4_102_444_800.123]
    let dates = awkward.map(Date.init(timeIntervalSince1970:))
    for (index, date) in dates.enumerated() { try store.addTask(id: "t\(index)", title: "x", due: date) }
    #expect(try store.tasks().map(\.due) == dates)
  }

  @Test func aSecondImportReplacesEverythingButTheLogs() throws {
    let store = try SQLiteStore.inMemory()
    try store.replaceAll(with: Self.decode(Self.fullScenario))
    try store.recordDelivery(
      DeliveryKey(requestID: "focus-block-start-b1", fireDate: Fixtures.instant("2026-11-23T13:55:00Z")),
      deliveredAt: Fixtures.instant("2026-11-23T13:55:00.004Z"), late: false)
    let shown = Fixtures.instant("2026-11-23T14:55:00Z")
    try store.recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: shown), deliveredAt: shown, late: false,
      effects: [.movementReminderShown(at: shown, day: CivilDate(year: 2026, month: 11, day: 23)!)])
    try store.acknowledgeMovement(
      at: Fixtures.instant("2026-11-23T15:00:00Z"), timeZone: Fixtures.zone("UTC"))

    let smaller = try Self.decode(#"{"timeZone": "Europe/Berlin", "tasks": [{"id": "x", "title": "y"}]}"#)
    try store.replaceAll(with: smaller)

    #expect(try store.planningState(timeZone: smaller.timeZone) == smaller)
    #expect(try store.deliveries().count == 2)
    #expect(try store.movementLog().progress.acknowledged == 1)
  }

  @Test func aStateWithAMovementLogKeepsIt() throws {
    let store = try SQLiteStore.inMemory()
    var state = try Self.decode(Self.fullScenario)
    state.movementLog = MovementLog(
      lastReminderAt: Fixtures.instant("2026-11-23T14:45:00Z"), lastReminderAnswered: false,
      snoozedAt: Fixtures.instant("2026-11-23T14:50:30.5Z"),
      progressDay: CivilDate(year: 2026, month: 11, day: 23),
      progress: MovementProgress(delivered: 4, acknowledged: 2))
    try store.replaceAll(with: state)
    #expect(try store.planningState(timeZone: state.timeZone) == state)
  }
}
