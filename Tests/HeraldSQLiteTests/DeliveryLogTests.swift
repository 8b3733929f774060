import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite

/// The delivery log, keyed by request id and fire instant.
@Suite struct DeliveryLogTests {
  let fire = Fixtures.instant("2026-11-23T07:55:00Z")

  @Test func recordingTheSameReminderTwiceKeepsOneRow() throws {
    let store = try SQLiteStore.inMemory()
    let shown = fire.addingTimeInterval(0.003)
    #expect(
      try store.recordDelivery(
        DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire), deliveredAt: shown, late: false))
    #expect(
      try !store.recordDelivery(
        DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire),
        deliveredAt: shown.addingTimeInterval(5),
        late: true))
    #expect(try !store.recordMissed(DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire)))
    #expect(
      try store.deliveries() == [
        DeliveryRecord(
          requestID: "focus-block-start-b1", fireDate: fire, status: .delivered, deliveredAt: shown,
          late: false)
      ])
  }

  @Test func theSameIDAtAnotherInstantIsAnotherReminder() throws {
    let store = try SQLiteStore.inMemory()
    let later = fire.addingTimeInterval(2700)
    try store.recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: later), deliveredAt: later, late: false)
    try store.recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: fire), deliveredAt: later, late: true)
    try store.recordMissed(DeliveryKey(requestID: "due-date-morning-t1", fireDate: fire))
    #expect(
      try store.deliveries().map(\.requestID) == [
        "due-date-morning-t1", "exercise-reminder", "exercise-reminder",
      ])
    #expect(try store.deliveries(firingFrom: later).map(\.fireDate) == [later])
    #expect(
      try store.deliveryStatus(DeliveryKey(requestID: "exercise-reminder", fireDate: fire)) == .delivered)
    #expect(
      try store.deliveryStatus(DeliveryKey(requestID: "due-date-morning-t1", fireDate: fire)) == .missed)
    #expect(try store.deliveryStatus(DeliveryKey(requestID: "due-date-morning-t1", fireDate: later)) == nil)
    #expect(try store.deliveries().first?.deliveredAt == nil)
  }

  @Test func aFireInstantWithMillisecondsIsTheSameKeyWhenReadBack() throws {
    let store = try SQLiteStore.inMemory()
    let instant = Fixtures.instant("2026-11-23T07:55:00.123Z")
    try store.recordDelivery(
      DeliveryKey(requestID: "x", fireDate: instant), deliveredAt: instant, late: false)
    let read = try #require(try store.deliveries().first)
    #expect(read.fireDate == instant)
    #expect(try store.deliveryStatus(DeliveryKey(requestID: "x", fireDate: read.fireDate)) == .delivered)
  }

  /// The channels that took a delivery are kept with it, in order; a missed one has none.
  @Test func aDeliveryKeepsTheChannelsThatTookIt() throws {
    let store = try SQLiteStore.inMemory()
    try store.recordDelivery(
      DeliveryKey(requestID: "exercise-reminder", fireDate: fire), deliveredAt: fire, late: false,
      channels: ["push", "desktop"])
    try store.recordMissed(DeliveryKey(requestID: "focus-block-start-b1", fireDate: fire))
    #expect(
      try store.deliveries().map(\.channels) == [["push", "desktop"], []])
  }
}
