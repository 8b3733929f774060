import Foundation

/// Where a worker's next claim starts reading the queue. A claim that took every claimable row
/// due up to its horizon lets the next look only after it (`PostgresStore.claim(…, after:)`):
/// at a steady rate the index is then read from the new rows, not through every row the worker
/// holds in flight. Rows can still appear before that time — given back, a dead worker's claims
/// ending, skipped while another transaction held them, queued late — so a claim looks from the
/// earliest pending row every `fullLookInterval`, after a NOTIFY (which such rows send, when
/// they are due soon), and whenever the worker says so (`forget`).
struct ClaimWindow {
  let fullLookInterval: TimeInterval
  /// Every row claimable and due up to here was claimed, as of the claim that reached it; nil:
  /// the next claim looks from the earliest.
  private var claimedThrough: Date?
  private var lookedFromEarliest = Date.distantPast

  init(fullLookInterval: TimeInterval) {
    self.fullLookInterval = fullLookInterval
  }

  /// What a claim at `now` looks after (nil: from the earliest pending row); `heard`: a NOTIFY
  /// came since the last claim.
  mutating func after(at now: Date, heard: Bool) -> Date? {
    // A clock set back counts too: the time claimed through may lie in its future.
    let since = now.timeIntervalSince(lookedFromEarliest)
    if heard || !(0..<fullLookInterval).contains(since) { claimedThrough = nil }
    return claimedThrough
  }

  /// A claim made at `now`, looking after `after`, took `count` rows where there was room for
  /// `room`, of those due by `horizon`.
  mutating func claimed(at now: Date, after: Date?, count: Int, room: Int, horizon: Date) {
    // As many as there was room for: more may be due before the horizon, after the same time.
    guard count < room else { return }
    claimedThrough = horizon
    if after == nil { lookedFromEarliest = now }
  }

  /// The next claim looks from the earliest pending row: one failed (other workers' claims
  /// skipped the rows it held), or the worker woke from idling (for a claim's end, perhaps).
  mutating func forget() { claimedThrough = nil }
}
