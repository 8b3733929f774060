import Foundation
import HeraldCore
import HeraldPostgres
import Testing

@testable import HeraldWorker

/// The worker's lanes: one per user, rows in order, at most `concurrency` rows carried out at once,
/// and places given in the order lanes ask for them — a lane asleep until its row's instant holds
/// none.
@Suite struct DeliveryLanesTests {
  static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  static func row(_ id: Int64, user: Int64, at offset: TimeInterval) -> ClaimedDelivery {
    ClaimedDelivery(
      id: id, user: user, requestID: "r\(id)", fireDate: t0.addingTimeInterval(offset),
      kindName: "focus-block-start",
      attempt: 1,
      leaseEnds: t0.addingTimeInterval(25))
  }

  @Test func placesGoToLanesInTheOrderTheyAskAndNoMoreThanConcurrencyAtOnce() async {
    let lanes = DeliveryLanes(concurrency: 1)
    let users = lanes.enqueue([
      Self.row(1, user: 7, at: 0), Self.row(2, user: 8, at: 0), Self.row(3, user: 7, at: 0.2),
    ])
    #expect(users == [7, 8], "a lane per user, in the order of their first row")
    #expect(lanes.next(of: 7)?.id == 1)
    await lanes.takePlace()
    // User 8's lane asks while user 7's row is carried out: it waits.
    #expect(lanes.next(of: 8)?.id == 2)
    let eight = Task { await lanes.takePlace() }
    while lanes.lanesWaitingForPlace == 0 { await Task.yield() }
    // User 7's row is recorded: the place goes to user 8's lane; user 7's next row asks after it.
    lanes.finished()
    await eight.value
    #expect(lanes.lanesWaitingForPlace == 0)
    #expect(lanes.next(of: 7)?.id == 3)
    let seven = Task { await lanes.takePlace() }
    while lanes.lanesWaitingForPlace == 0 { await Task.yield() }
    lanes.finished()
    await seven.value
    lanes.finished()
    #expect(lanes.next(of: 7) == nil)
    #expect(lanes.next(of: 8) == nil)
    #expect(!lanes.isBusy)
    // The place is free again: taken at once.
    #expect(lanes.enqueue([Self.row(4, user: 9, at: 0)]) == [9])
    #expect(lanes.next(of: 9)?.id == 4)
    await lanes.takePlace()
    lanes.finished()
  }
}
