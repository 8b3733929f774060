import Foundation
import HeraldCore
import HeraldPostgres
import Testing

@testable import HeraldWorker

/// The worker's lanes: one per user, rows in the order of their instants, and a user whose next row
/// is claimed ahead of its instant holds no lane until it comes due.
@Suite struct DeliveryLanesTests {
  static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  static func row(_ id: Int64, user: Int64, at offset: TimeInterval) -> ClaimedDelivery {
    ClaimedDelivery(
      id: id, user: user, requestID: "r\(id)", fireDate: t0.addingTimeInterval(offset),
      reminder: ScheduledReminder(fireDate: t0.addingTimeInterval(offset), owner: 0, kindIndex: 0),
      attempt: 1,
      leaseEnds: t0.addingTimeInterval(25))
  }

  @Test func aUserWhoseRowIsNotDueHoldsNoLaneUntilItIs() {
    let lanes = DeliveryLanes(concurrency: 1)
    let users = lanes.enqueue([Self.row(1, user: 7, at: 0.2), Self.row(2, user: 8, at: 0)])
    #expect(users == [7, 8])
    // The one lane goes to user 8, whose row is due; user 7 waits aside for 0.2 s.
    #expect(lanes.start(users, known: [:], now: Self.t0) == 1)
    #expect(lanes.nextRelease == Self.t0.addingTimeInterval(0.2))
    #expect(lanes.nextUser()?.0 == 8)
    #expect(lanes.next(of: 8, now: Self.t0)?.id == 2)
    lanes.finished()
    #expect(lanes.next(of: 8, now: Self.t0) == nil)
    #expect(lanes.nextUser() == nil)
    // Not yet: nothing to start a moment before.
    #expect(lanes.release(now: Self.t0.addingTimeInterval(0.1)) == 0)
    #expect(lanes.release(now: Self.t0.addingTimeInterval(0.2)) == 1)
    #expect(lanes.nextRelease == nil)
    #expect(lanes.nextUser()?.0 == 7)
    #expect(lanes.next(of: 7, now: Self.t0.addingTimeInterval(0.2))?.id == 1)
  }

  @Test func aLaneEndsAtARowNotDueAndAnEarlierRowComesFirst() {
    let lanes = DeliveryLanes(concurrency: 4)
    let users = lanes.enqueue([Self.row(1, user: 7, at: 0), Self.row(2, user: 7, at: 0.2)])
    #expect(lanes.start(users, known: [:], now: Self.t0) == 1)
    #expect(lanes.nextUser()?.0 == 7)
    #expect(lanes.next(of: 7, now: Self.t0)?.id == 1)
    lanes.finished()
    // The next row is claimed ahead: the lane ends, the user is put aside until its instant.
    #expect(lanes.next(of: 7, now: Self.t0) == nil)
    #expect(lanes.nextRelease == Self.t0.addingTimeInterval(0.2))
    // A row taken over from a dead worker, due already, goes before it and brings the user back.
    #expect(lanes.enqueue([Self.row(3, user: 7, at: -5)]).isEmpty)
    #expect(lanes.nextRelease == Self.t0.addingTimeInterval(-5))
    #expect(lanes.release(now: Self.t0) == 1)
    #expect(lanes.nextUser()?.0 == 7)
    #expect(lanes.next(of: 7, now: Self.t0)?.id == 3)
    lanes.finished()
    #expect(lanes.rowsHeld == 1)
  }

  @Test func aStoppingWorkerGetsBackTheRowsOfUsersPutAside() {
    let lanes = DeliveryLanes(concurrency: 4)
    let users = lanes.enqueue([Self.row(1, user: 7, at: 0.2), Self.row(2, user: 8, at: 0.1)])
    #expect(lanes.start(users, known: [:], now: Self.t0) == 0)
    #expect(Set(lanes.drainWaiting().map(\.id)) == [1, 2])
    // Nothing is left to wait for: a stopping worker does not wait on users no lane would end.
    #expect(!lanes.isBusy)
    #expect(lanes.nextRelease == nil)
  }
}
