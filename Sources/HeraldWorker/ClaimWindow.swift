import Foundation
import HeraldPostgres

/// Where a worker's next claim starts reading the queue. A claim that took every claimable row
/// due up to its horizon lets the next look only after that; one that filled its room, only
/// after the last row it took (`PostgresStore.claim(…, after:)`). At a steady rate, and in a
/// backlog, the index is then read from the new rows, not through every row the worker holds in
/// flight and the dead entries of those just delivered. Rows can still appear before that place
/// — given back, a dead worker's claims ending, skipped while another transaction held them,
/// queued late — so a claim looks from the earliest pending row every `fullLookInterval`, after
/// a NOTIFY (which such rows send, when they are due soon), and whenever the worker says so
/// (`forget`).
struct ClaimWindow {
  let fullLookInterval: TimeInterval
  /// Every row claimable up to here was claimed, as of the claim that reached it; nil: the next
  /// claim looks from the earliest.
  private var claimedThrough: QueuePlace?
  private var lookedFromEarliest = Date.distantPast

  init(fullLookInterval: TimeInterval) {
    self.fullLookInterval = fullLookInterval
  }

  /// What a claim at `now` looks after (nil: from the earliest pending row); `heard`: a NOTIFY
  /// came since the last claim.
  mutating func after(at now: Date, heard: Bool) -> QueuePlace? {
    // A clock set back counts too: the place claimed through may lie in its future.
    let since = now.timeIntervalSince(lookedFromEarliest)
    if heard || !(0..<fullLookInterval).contains(since) { claimedThrough = nil }
    return claimedThrough
  }

  /// A claim made at `now`, looking after `after`, took `claimed` (in the queue's order) where
  /// there was room for `room`, of those due by `horizon`.
  mutating func claimed(
    at now: Date, after: QueuePlace?, _ claimed: [ClaimedDelivery], room: Int, horizon: Date
  ) {
    if after == nil { lookedFromEarliest = now }
    // As many as there was room for: more may be due before the horizon, after the last taken.
    claimedThrough = claimed.count < room ? .end(of: horizon) : claimed.last?.place ?? after
  }

  /// The next claim looks from the earliest pending row: one failed (other workers' claims
  /// skipped the rows it held), or the worker woke from idling (for a claim's end, perhaps).
  mutating func forget() { claimedThrough = nil }
}
