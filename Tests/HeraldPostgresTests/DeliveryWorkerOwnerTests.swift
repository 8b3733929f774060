import Foundation
import HeraldCore
import HeraldPostgres
import HeraldRuntime
import HeraldWorker
import HeraldTestSupport
import Testing

/// A row finds its block by the id its request names, not by the block's place in the user's
/// list when it was planned: an overdue row is not replanned, and the blocks before its own may
/// have gone meanwhile.
extension DeliveryWorkerTests {
  static let twoBlocks = """
    {
      "timeZone": "Europe/Berlin", "locale": "de",
      "focusBlocks": [
        {"id": "b1", "title": "Deep Work", "start": "2026-11-23T09:00:00+01:00", "end": "2026-11-23T09:30:00+01:00"},
        {"id": "b2", "title": "Review", "start": "2026-11-23T09:30:00+01:00", "end": "2026-11-23T10:00:00+01:00"}
      ]
    }
    """

  @Test func anOverdueBlocksReminderIsDeliveredAfterAnEarlierBlockWasRemoved() async throws {
    try await withWorker(scenario: Self.twoBlocks) { worker, clock, receiver, store, url in
      // Both reminders due (07:55 and 08:25 UTC) while no worker ran; at 08:30 the first block is
      // removed, which leaves the overdue rows as they are and moves b2 to the first place.
      clock.advance(by: 90 * 60)
      let ada = store.data(ofUser: try await store.user(named: "ada").id, now: { clock.now() })
      try await ada.removeFocusBlock(id: "b1")
      #expect(try await ada.focusBlocks().map(\.id) == ["b2"])
      #expect(try await worker.deliverDue() == 2)
      // b1's is withdrawn (its block is gone), b2's sent late.
      #expect(try await Self.statuses(url) == ["focus-block-start-b2 delivered"])
      #expect(receiver.requests(count: 1).first?.body["id"] == .string("focus-block-start-b2"))
    }
  }
}
