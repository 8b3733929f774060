import Foundation
import HeraldContracts

/// A clock moved by hand, for tests: `advance(by:)` moves both clocks, `jumpWallClock(by:)` moves
/// only the wall clock (a manual clock change, or a resume from suspend). Sleepers wake when the
/// wall clock passes their deadline, when their maximum wait has passed on the monotonic clock,
/// or on cancellation; nothing ever waits on real time.
public final class ManualClock: HeraldClock, @unchecked Sendable {
  private let lock = NSLock()
  private var wall: Date
  private var monotonic: Double = 0
  private var sleepers:
    [UUID: (deadline: Date, wakeAt: Double, continuation: CheckedContinuation<Void, any Error>)] = [:]

  public init(now: Date) { wall = now }

  public func now() -> Date { lock.withLock { wall } }

  public func monotonicSeconds() -> Double { lock.withLock { monotonic } }

  /// How many tasks are waiting on this clock: tests wait for the daemon to be idle.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  /// The instants the waiting tasks sleep until, soonest first.
  public var sleeperDeadlines: [Date] { lock.withLock { sleepers.values.map(\.deadline).sorted() } }

  public func sleep(until deadline: Date, maximumWait: Double) async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // Checked under the lock: a cancellation either finds the sleeper registered, or is
        // seen here (its handler may have run before the sleeper was registered).
        let ready: Bool = lock.withLock {
          if wall >= deadline || maximumWait <= 0 || Task.isCancelled { return true }
          sleepers[id] = (deadline, monotonic + maximumWait, continuation)
          return false
        }
        if ready { continuation.resume() }
      }
      // As Task.sleep does: a cancelled sleep throws.
      try Task.checkCancellation()
    } onCancel: {
      let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves both clocks forward and wakes whoever is due.
  public func advance(by seconds: Double) {
    lock.withLock {
      wall = wall.addingTimeInterval(seconds)
      monotonic += seconds
    }
    wakeDue()
  }

  /// Moves only the wall clock (either way) and wakes whoever is due.
  public func jumpWallClock(by seconds: Double) {
    lock.withLock { wall = wall.addingTimeInterval(seconds) }
    wakeDue()
  }

  private func wakeDue() {
    let due = lock.withLock {
      let ids = sleepers.filter { $0.value.deadline <= wall || $0.value.wakeAt <= monotonic }.map(\.key)
      return ids.compactMap { sleepers.removeValue(forKey: $0)?.continuation }
    }
    for continuation in due { continuation.resume() }
  }
}
