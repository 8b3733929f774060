import Foundation
import HeraldCore
import HeraldPostgres
import Testing

@testable import HeraldWorker

/// Where a worker's claims start reading the queue: after what it claimed last while that holds,
/// from the earliest row at first, once a second, at a NOTIFY, when told, and when the clock
/// was set back.
struct ClaimWindowTests {
  static let start = Date(timeIntervalSince1970: 1_795_000_000)

  /// `count` rows claimed, all due at `due`, with ids from 1.
  static func rows(_ count: Int, dueAt due: Date) -> [ClaimedDelivery] {
    (1...Int64(count)).map { id in
      ClaimedDelivery(
        id: id, user: 1, requestID: "r\(id)", fireDate: due,
        kindName: "focus-block-start", attempt: 1,
        leaseEnds: due.addingTimeInterval(25))
    }
  }

  /// A window whose first claim, at `start`, took all it found of what was due by `start + 0.25`.
  static func window() -> ClaimWindow {
    var window = ClaimWindow(fullLookInterval: 1)
    let after = window.after(at: start, heard: false)
    window.claimed(
      at: start, after: after, rows(3, dueAt: start), room: 10, horizon: start.addingTimeInterval(0.25))
    return window
  }

  @Test func theFirstClaimLooksFromTheEarliestAndTheNextAfterItsHorizon() {
    var window = ClaimWindow(fullLookInterval: 1)
    #expect(window.after(at: Self.start, heard: false) == nil)
    window.claimed(
      at: Self.start, after: nil, Self.rows(3, dueAt: Self.start), room: 10,
      horizon: Self.start.addingTimeInterval(0.25))
    let next = Self.start.addingTimeInterval(0.05)
    // Past every row due by the horizon, those due in its very instant included.
    #expect(window.after(at: next, heard: false) == .end(of: Self.start.addingTimeInterval(0.25)))
    window.claimed(
      at: next, after: .end(of: Self.start.addingTimeInterval(0.25)), [], room: 10,
      horizon: next.addingTimeInterval(0.25))
    #expect(
      window.after(at: Self.start.addingTimeInterval(0.1), heard: false)
        == .end(of: next.addingTimeInterval(0.25)))
  }

  @Test func aClaimThatFilledItsRoomLooksAfterTheLastRowItTook() {
    // Ten due in one instant, as a whole backlog of users' nine o'clock reminders may be: the
    // next claim goes on after the tenth — by id, not past the instant (the rest are due then
    // too), nor from the earliest (through the ten it holds).
    var window = Self.window()
    let next = Self.start.addingTimeInterval(0.05)
    let after = window.after(at: next, heard: false)
    let full = Self.rows(10, dueAt: Self.start.addingTimeInterval(0.1))
    window.claimed(at: next, after: after, full, room: 10, horizon: next.addingTimeInterval(0.25))
    #expect(
      window.after(at: Self.start.addingTimeInterval(0.06), heard: false)
        == QueuePlace(dueAt: Self.start.addingTimeInterval(0.1), id: 10))
  }

  @Test func aFullClaimFromTheEarliestLooksAfterItsLastRowToo() {
    var window = ClaimWindow(fullLookInterval: 1)
    let after = window.after(at: Self.start, heard: false)
    window.claimed(
      at: Self.start, after: after, Self.rows(10, dueAt: Self.start), room: 10,
      horizon: Self.start.addingTimeInterval(0.25))
    #expect(
      window.after(at: Self.start.addingTimeInterval(0.05), heard: false)
        == QueuePlace(dueAt: Self.start, id: 10))
    // It looked from the earliest then: once a second counts from that claim.
    #expect(window.after(at: Self.start.addingTimeInterval(1), heard: false) == nil)
  }

  @Test func onceASecondANotifyOrWhenToldItLooksFromTheEarliest() {
    var window = Self.window()
    #expect(window.after(at: Self.start.addingTimeInterval(0.99), heard: false) != nil)
    #expect(window.after(at: Self.start.addingTimeInterval(1), heard: false) == nil)
    window = Self.window()
    #expect(window.after(at: Self.start.addingTimeInterval(0.05), heard: true) == nil)
    window = Self.window()
    window.forget()
    #expect(window.after(at: Self.start.addingTimeInterval(0.05), heard: false) == nil)
  }

  @Test func aClockSetBackLooksFromTheEarliest() {
    // What it claimed through lies an hour in the new time's future: rows due now are before it.
    var window = Self.window()
    #expect(window.after(at: Self.start.addingTimeInterval(-3_600), heard: false) == nil)
  }
}
