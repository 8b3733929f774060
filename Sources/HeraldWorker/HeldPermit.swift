import Foundation
import Synchronization

/// A lane's room at its receiver (`DestinationGate`), taken before the lane takes its place and
/// given back exactly once: with what came of the request that used it, or unused.
final class HeldPermit: Sendable {
  private let gate: DestinationGate
  private let permit = Mutex<DestinationGate.Permit?>(nil)

  init(gate: DestinationGate) {
    self.gate = gate
  }

  /// Room at `destination`, waited for until `deadline`.
  func acquire(_ destination: String, until deadline: ContinuousClock.Instant) async throws {
    let taken = try await gate.acquire(destination, until: deadline)
    permit.withLock { $0 = taken }
  }

  /// Whether room at `destination` is held.
  func holds(_ destination: String) -> Bool { permit.withLock { $0?.destination == destination } }

  /// Gives the room back (nothing when none is held).
  func release(_ outcome: DestinationLimit.Outcome) {
    guard
      let taken = permit.withLock({ permit in
        defer { permit = nil }; return permit
      })
    else { return }
    gate.release(taken, outcome)
  }
}
