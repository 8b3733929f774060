import Foundation
import HeraldCore
import HeraldPostgres

extension DeliveryWorker {
  /// The user and their data, as a lane last read them.
  typealias Loaded = (user: HeraldUser, state: PlanningState)

  /// Carries out one user's rows in order until their lane is empty. `known`: the user and their
  /// data, when the claim's batch read them.
  func runLane(of userID: Int64, known: (HeraldUser, Result<PlanningState, any Error>)?) async {
    var loaded: Loaded? = known.flatMap { user, state in (try? state.get()).map { (user, $0) } }
    while let row = lanes.next(of: userID) {
      // Claimed ahead: carried out at its instant, not before (a stopping worker still does: it
      // is less than `lookahead` away), holding no place until then.
      if row.dueAt > clock.now() {
        try? await clock.sleep(until: row.dueAt, maximumWait: configuration.lookahead + 1)
      }
      // The data read holds only the tasks of the rows it was read for: a row naming another
      // reads again, with the rows waiting behind it.
      if let id = row.taskID, let held = loaded, !held.state.tasks.contains(where: { $0.id == id }) {
        loaded = nil
      }
      // Data to read again waits for what the user's earlier rows changed to be written.
      if loaded == nil { await recorder.written(user: userID) }
      // Room at the user's receiver first, holding no place meanwhile: a receiver that takes
      // requests slowly keeps its own users' rows waiting, not everyone's.
      let permit = HeldPermit(gate: destinations)
      if let webhook = loaded?.user.webhook {
        do {
          try await permit.acquire(DestinationGate.destination(of: webhook), until: roomDeadline(of: row))
        } catch {
          // None before the claim would end: the row goes back unsent, for any worker to take.
          lanes.givenBack()
          try? await persistently { try await self.store.release([row], retryAt: nil) }
          continue
        }
      }
      await lanes.takePlace()
      let outcome = await carryOut(row, loaded: &loaded, permit: permit)
      permit.release(.unused)
      lanes.finished()
      wakeup.signal()
      switch outcome {
      case .retry(let at, _):
        // The user's receiver failed: their other rows wait with this one instead of each
        // failing in turn (they go to the same receiver), untried.
        let rest = lanes.drainWaiting(of: userID)
        try? await persistently { try await self.store.release(rest, retryAt: at) }
      case nil:
        // Their data cannot be read, or the claim was lost: the rest is left to its lease.
        if loaded == nil { _ = lanes.drainWaiting(of: userID) }
      default:
        break
      }
    }
    wakeup.signal()
  }

  /// Decides, sends and records one row; what became of it, or nil when nothing was recorded (the
  /// user's data cannot be read, or the claim is no longer this worker's). While the database is
  /// away, each step waits for it: a decision is never taken on half-read data, and a sent webhook
  /// is recorded when the database is back, not sent again.
  private func carryOut(_ row: ClaimedDelivery, loaded: inout Loaded?, permit: HeldPermit) async
    -> DeliveryOutcome?
  {
    let outcome: DeliveryOutcome?
    do {
      let current = try await persistently { [loaded] in
        if let loaded { return loaded }
        let user = try await self.store.user(id: row.user)
        let rows = [row] + self.lanes.waiting(of: row.user)
        return (user, try await self.store.deliveryState(ofUser: user.id, for: rows))
      }
      loaded = current
      outcome = try await persistently {
        try await self.decideAndSend(row, of: current.user, state: current.state, permit: permit)
      }
    } catch {
      if !Task.isCancelled {
        logger.error(
          "delivering a user's reminders failed; tried again when the claims end",
          metadata: ["user": "\(loaded?.user.name ?? "#\(row.user)")", "error": "\(describe(error))"])
      }
      loaded = nil
      return nil
    }
    guard let outcome else { return nil }
    metrics.record(outcome, of: row)
    let shown: String? = if case .delivered = outcome { loaded?.user.name } else { nil }
    recorder.add(row, outcome, shown: shown)
    // What a row changes (the movement log, the chain) is read again, once written, before the
    // user's next row.
    if PostgresStore.changesData(row, outcome) { loaded = nil }
    return outcome
  }

  /// Until when a row may wait for room at its receiver: while the claim still leaves a whole
  /// exchange and a second after it.
  func roomDeadline(of row: ClaimedDelivery) -> ContinuousClock.Instant {
    let seconds = row.leaseEnds.timeIntervalSince(clock.now()) - configuration.requestTimeout - 1
    return .now + .milliseconds(Int64(max(0, seconds) * 1000))
  }
}
