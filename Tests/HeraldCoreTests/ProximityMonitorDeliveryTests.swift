import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Spec 004 in the daemon: a walk resumed from its recorded progress, and the fix's events as
/// reminders for the one delivery decision.
@Suite struct ProximityMonitorDeliveryTests {
  static let origin = ProximityMonitorTests.origin
  static let time = ProximityMonitorTests.time  // 1780308000
  static let arrival = time.addingTimeInterval(3600)
  static let route = ProximityMonitorTests.route  // gate (0 m), zoo (330 m), mitte (300 m)

  static func fix(_ metres: Double, at seconds: Double = 0) -> LocationFix {
    ProximityMonitorTests.fix(metres, at: seconds)
  }

  // MARK: Resuming a walk

  @Test func aResumedWalkNeverNotifiesAPointVisitedBefore() {
    var monitor = ProximityMonitor(route: Self.route, visited: ["gate"], isCompleted: false)
    #expect(monitor.process(Self.fix(0), notificationsEnabled: true).isEmpty)
    let events = monitor.process(Self.fix(315, at: 1), notificationsEnabled: true)
    #expect(ProximityMonitorTests.spotIDs(events) == ["zoo", "mitte", nil])
  }

  @Test func everyPointVisitedButNoCompletionYetCompletesOnTheNextFixWherever() {
    // A process killed between the last visit and the completion.
    var monitor = ProximityMonitor(route: Self.route, visited: ["gate", "zoo", "mitte"], isCompleted: false)
    let events = monitor.process(Self.fix(5_000), notificationsEnabled: true)
    #expect(events.map(\.kind) == [.routeCompleted])
    #expect(monitor.process(Self.fix(5_000, at: 1), notificationsEnabled: true).isEmpty)
  }

  @Test func aCompletedWalkRaisesNothingMore() {
    var monitor = ProximityMonitor(route: Self.route, visited: ["gate", "zoo", "mitte"], isCompleted: true)
    #expect(monitor.process(Self.fix(0), notificationsEnabled: true).isEmpty)
    #expect(monitor.regionEntered("gate", at: Self.time).isEmpty)
  }

  @Test func visitsOfPointsTheRouteNoLongerHasAreDropped() {
    // The route was imported again without "old".
    let monitor = ProximityMonitor(route: Self.route, visited: ["gate", "old"], isCompleted: false)
    #expect(monitor.visited == ["gate"])
  }

  @Test func aRegionEnteredVisitsLikeAFix() {
    var monitor = ProximityMonitor(route: Self.route)
    #expect(ProximityMonitorTests.spotIDs(monitor.regionEntered("zoo", at: Self.time)) == ["zoo"])
    #expect(monitor.regionEntered("zoo", at: Self.time).isEmpty)
    #expect(monitor.regionEntered("nowhere", at: Self.time).isEmpty)
    #expect(monitor.process(Self.fix(330), notificationsEnabled: true).isEmpty)
  }

  // MARK: Reminders for the delivery decision

  @Test func eachVisitIsADueReminderThatRecordsItAndFiresWhenItsFixArrives() throws {
    var monitor = ProximityMonitor(route: Self.route)
    let first = monitor.dueReminders(for: Self.fix(0, at: 0.75), at: Self.arrival, notificationsEnabled: true)
    try #require(first.count == 1)
    // The contract's id, from the fix's own time; it fires when the fix arrived.
    #expect(first[0].notification.identifier == "spot_Brandenburger Tor_1780308000")
    #expect(first[0].notification.fireDate == Self.arrival)
    #expect(
      first[0].key == DeliveryKey(requestID: "spot_Brandenburger Tor_1780308000", fireDate: Self.arrival))
    #expect(
      first[0].effects == [.placeVisited(routeID: "tiergarten", spotID: "gate", at: Self.time + 0.75)])
    #expect(first[0].actions == [.open])
    #expect(!first[0].isSilenced)
    let rest = monitor.dueReminders(for: Self.fix(315, at: 125), at: Self.arrival, notificationsEnabled: true)
    #expect(
      rest.map(\.notification.identifier) == [
        "spot_Zoo_1780308125", "spot_Mitte_1780308125", "route_completed_1780308125",
      ])
    #expect(rest.last?.effects == [.routeCompleted(routeID: "tiergarten", at: Self.time + 125)])
  }

  @Test func withTheSettingOffTheyAreSilencedButStillRecordEveryVisitAndTheCompletion() {
    var monitor = ProximityMonitor(route: Self.route)
    let reminders =
      monitor.dueReminders(for: Self.fix(0), at: Self.arrival, notificationsEnabled: false)
      + monitor.dueReminders(for: Self.fix(315, at: 1), at: Self.arrival, notificationsEnabled: false)
    #expect(reminders.count == 4)
    #expect(reminders.allSatisfy { $0.isSilenced })
    let decisions = reminders.map {
      DeliveryDecision.decide($0, log: [:], now: Self.arrival, policy: DeliveryPolicy())
    }
    #expect(
      decisions == [
        .recordSilently([.placeVisited(routeID: "tiergarten", spotID: "gate", at: Self.time)]),
        .recordSilently([.placeVisited(routeID: "tiergarten", spotID: "zoo", at: Self.time + 1)]),
        .recordSilently([.placeVisited(routeID: "tiergarten", spotID: "mitte", at: Self.time + 1)]),
        .recordSilently([.routeCompleted(routeID: "tiergarten", at: Self.time + 1)]),
      ])
  }

  @Test func aReplayedOldFixIsNotLate() {
    var monitor = ProximityMonitor(route: Self.route)
    let due = monitor.dueReminders(for: Self.fix(0), at: Self.time + 400 * 86_400, notificationsEnabled: true)
    guard
      case .show(let delivery)? = due.first.map({
        DeliveryDecision.decide($0, log: [:], now: Self.time + 400 * 86_400, policy: DeliveryPolicy())
      })
    else {
      Issue.record("not shown")
      return
    }
    #expect(!delivery.late)
    #expect(delivery.actions == [.open])
  }

  @Test func pointsSharingANameReachedOnOneFixAreOneNotificationRecordingEachVisit() {
    let twins = Fixtures.route(
      "twins",
      [
        ("a", "Brunnen", Self.origin), ("b", "Kirche", Fixtures.coordinate(Self.origin, metresNorth: 5)),
        ("c", "Brunnen", Fixtures.coordinate(Self.origin, metresNorth: 10)),
      ])
    var monitor = ProximityMonitor(route: twins)
    let reminders = monitor.dueReminders(for: Self.fix(5), at: Self.arrival, notificationsEnabled: true)
    #expect(
      reminders.map(\.notification.identifier) == [
        "spot_Brunnen_1780308000", "spot_Kirche_1780308000", "route_completed_1780308000",
      ])
    #expect(
      reminders.first?.effects == [
        .placeVisited(routeID: "twins", spotID: "a", at: Self.time),
        .placeVisited(routeID: "twins", spotID: "c", at: Self.time),
      ])
  }
}
