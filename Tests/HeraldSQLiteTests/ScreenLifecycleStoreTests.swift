import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// What the store keeps of the reminders on screen: what each slot waits for, written with its
/// delivery, and which desktop notification shows it; both survive a reopened file.
@Suite struct ScreenLifecycleStoreTests {
  let fire = Fixtures.instant("2026-11-23T09:45:00Z")

  @Test func aDeliveryNotesWhatItsSlotWaitsForAndALaterOneReplacesIt() throws {
    let store = try SQLiteStore.inMemory()
    let reminder = DeliveryKey(requestID: "exercise-reminder", fireDate: fire)
    try store.recordDelivery(
      reminder, deliveredAt: fire, late: false, slot: "exercise-reminder", awaiting: .movementBreak)
    try store.recordDelivery(
      DeliveryKey(requestID: "due-date-morning-t1", fireDate: fire), deliveredAt: fire, late: false,
      slot: "due-date-t1", awaiting: .task(id: "t1"))
    #expect(
      try store.awaitedAnswers() == ["exercise-reminder": .movementBreak, "due-date-t1": .task(id: "t1")])

    // A repeat of a delivery already logged changes nothing.
    try store.recordDelivery(reminder, deliveredAt: fire + 1, late: false, slot: "due-date-t1", awaiting: nil)
    #expect(try store.awaitedAnswers().count == 2)
    // A new reminder in a slot that waits for nothing clears it.
    try store.recordDelivery(
      DeliveryKey(requestID: "due-date-advance-t1", fireDate: fire + 60), deliveredAt: fire + 60, late: false,
      slot: "due-date-t1", awaiting: nil)
    #expect(try store.awaitedAnswers() == ["exercise-reminder": .movementBreak])

    try store.forgetAwaitedAnswers(slots: ["exercise-reminder"])
    #expect(try store.awaitedAnswers().isEmpty)
  }

  @Test func desktopNotificationsAreKeptBySlotAndSurviveAReopen() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("herald.sqlite")
    let record = DesktopNotificationRecord(
      slot: "exercise-reminder", server: "bus/:1.4", notificationID: UInt32.max, hasActions: true,
      request: #"{"summary":"Time to move"}"#)
    do {
      let store = try SQLiteStore(path: path)
      try store.saveDesktopNotification(record)
      var replaced = record
      replaced.notificationID = 12
      try store.saveDesktopNotification(replaced)
      try store.saveDesktopNotification(
        DesktopNotificationRecord(
          slot: "focus-activity", server: "bus/:1.4", notificationID: 13, hasActions: false, request: "{}"))
    }
    let reopened = try SQLiteStore(path: path)
    #expect(try reopened.desktopNotifications().map(\.slot) == ["exercise-reminder", "focus-activity"])
    #expect(try reopened.desktopNotifications().first?.notificationID == 12)
    #expect(
      try reopened.removeDesktopNotification(server: "bus/:1.4", notificationID: 12) == "exercise-reminder")
    // Another server's id 13 is not ours.
    #expect(try reopened.removeDesktopNotification(server: "bus/:1.9", notificationID: 13) == nil)
    try reopened.removeDesktopNotifications(slots: ["focus-activity"])
    #expect(try reopened.desktopNotifications().isEmpty)
  }

  @Test func aBigIDReadsBackExactly() throws {
    let store = try SQLiteStore.inMemory()
    try store.saveDesktopNotification(
      DesktopNotificationRecord(
        slot: "s", server: "x", notificationID: UInt32.max, hasActions: false, request: ""))
    #expect(try store.desktopNotifications().first?.notificationID == UInt32.max)
  }

  @Test func theLifecycleMigrationIsRegisteredAfterTheShippedOnes() {
    #expect(
      Schema.migrator.migrations == [
        "v1", "v2-daemon-checkpoint", "v3-api-tokens", "v4-desktop-lifecycle", "v5-routes",
        "v6-subscriptions", "v7-calendars", "v8-numbered-ids", "v9-push", "v10-push-link-secret",
        "v11-delivery-channels",
      ])
  }
}
