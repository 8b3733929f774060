import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import Logging
import Synchronization

/// `herald worker`: delivers every user's reminders at their time, from the `delivery` table.
///
/// Stateless: it claims due rows as a lease, decides each with the core exactly as the daemon
/// does (`Planner.due`, `DeliveryDecision`), posts the signed webhook and records the outcome.
/// Idle, it sleeps until the earliest pending row — not polling — and a NOTIFY wakes it when an
/// earlier row is queued. Any number may run against one database.
public final class DeliveryWorker: Sendable {
  let store: PostgresStore
  let clock: any HeraldClock
  let poster: any WebhookPosting
  let configuration: WorkerConfiguration
  let logger: Logger
  let wakeup = Wakeup()
  /// Set by `stop()`: claim nothing more, finish what is claimed, return.
  private let stopping = Atomic<Bool>(false)

  public init(
    store: PostgresStore, clock: any HeraldClock, poster: any WebhookPosting = URLSessionWebhookPoster(),
    configuration: WorkerConfiguration = WorkerConfiguration(), logger: Logger
  ) {
    self.store = store
    self.clock = clock
    self.poster = poster
    self.configuration = configuration
    self.logger = logger
  }

  /// Delivers until stopped (`stop()`: what it claimed is finished first) or cancelled (at once:
  /// what it claimed and did not finish is taken over by another worker when the claim ends). A
  /// failure — the database restarting, a connection lost — is logged and tried again a second
  /// later: a worker stops only when told to.
  public func run() async throws {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.listen() }
      group.addTask { await self.loop() }
      await group.next()
      group.cancelAll()
    }
    logger.info("worker stopped")
  }

  /// Keeps a connection listening for NOTIFY; after losing it, listens again a second later and
  /// looks at the table once, in case a NOTIFY came meanwhile.
  private func listen() async {
    while !Task.isCancelled {
      do {
        try await store.listenForEarlierDeliveries { [wakeup] in wakeup.signal() }
      } catch  where !Task.isCancelled {
        logger.warning(
          "listening for new deliveries failed; again in 1 s", metadata: ["error": "\(describe(error))"])
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      wakeup.signal()
      try? await clock.sleep(until: clock.now().addingTimeInterval(1), maximumWait: 1)
    }
  }

  /// Asks the worker to stop gracefully: what it claimed is delivered and recorded (each webhook
  /// within its timeout), then `run()` returns. Cancelling `run()` instead leaves the claims to
  /// another worker when they end, and a reminder in flight may then reach its receiver twice.
  public func stop() {
    stopping.store(true, ordering: .sequentiallyConsistent)
    wakeup.signal()
  }

  private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

  private func loop() async {
    logger.info("worker started", metadata: ["database": "\(store.url)"])
    while !Task.isCancelled, !isStopping {
      do {
        if try await deliverDue() > 0 { continue }
        guard !isStopping else { return }
        let now = clock.now()
        let next = try await store.nextWake(after: now) ?? now.addingTimeInterval(configuration.maximumIdle)
        logger.debug("idle", metadata: ["until": "\(RFC3339.utcStringWithMilliseconds(next))"])
        try await sleep(until: next)
      } catch  where !Task.isCancelled {
        logger.error("a delivery round failed; again in 1 s", metadata: ["error": "\(describe(error))"])
        try? await clock.sleep(until: clock.now().addingTimeInterval(1), maximumWait: 1)
      } catch {
        return
      }
    }
  }

  /// Sleeps until `deadline` or a wake-up, whichever is first.
  private func sleep(until deadline: Date) async throws {
    let clock = clock
    let maximumWait = configuration.maximumIdle
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await clock.sleep(until: deadline, maximumWait: maximumWait) }
      group.addTask { [wakeup] in await wakeup.wait() }
      try await group.next()
      group.cancelAll()
    }
  }

  /// Claims and carries out one batch of what is due now; returns how many rows it handled.
  /// Public so tests can drive it with a manual clock.
  @discardableResult
  public func deliverDue() async throws -> Int {
    let now = clock.now()
    let claimed = try await store.claim(now: now, limit: configuration.batchSize, lease: configuration.lease)
    guard !claimed.isEmpty else { return 0 }
    logger.debug("claimed", metadata: ["rows": "\(claimed.count)"])
    // One user's rows in order, one after another (a decision may read what the one before
    // recorded); different users in parallel, at most `concurrency` at once.
    let byUser = Dictionary(grouping: claimed, by: \.user).values.map { $0 }
    // The batch's users and their data in two queries, not two per user; when any of them cannot
    // be read, each user is read on their own, so only a damaged one waits for its claims to end.
    let ids = byUser.map { $0[0].user }
    let users = try? await store.users(ids: ids)
    let states = users == nil ? nil : try? await store.planningStates(ofUsers: ids)
    // The users who were shown something: their delivery streams are told once, after the batch.
    let shown = try await withThrowingTaskGroup(of: String?.self) { group in
      var running = 0
      var shown = Set<String>()
      for rows in byUser {
        if running >= configuration.concurrency {
          if let name = try await group.next() ?? nil { shown.insert(name) }
          running -= 1
        }
        let id = rows[0].user
        let known = users?[id].flatMap { user in states?[id].map { (user, $0) } }
        group.addTask { await self.carryOut(rows, known: known) }
        running += 1
      }
      for try await name in group { if let name { shown.insert(name) } }
      return shown
    }
    if !shown.isEmpty { try await store.announceDeliveries(toUsers: shown) }
    return claimed.count
  }

  /// Carries out one user's claimed rows in order (`known`: the user and their data, when the
  /// batch read them); the user's name when one of them was shown.
  private func carryOut(
    _ rows: [ClaimedDelivery], known: (HeraldUser, Result<PlanningState, any Error>)?
  ) async -> String? {
    // The user and their data are read once for their rows, again only after a row that
    // changed them (the movement chain). A failure leaves the user's rows claimed: they
    // are tried again when the claim ends, here or by another worker.
    var shown: String?
    do {
      let user: HeraldUser
      var state: PlanningState
      if let (knownUser, knownState) = known {
        user = knownUser
        state = try knownState.get()
      } else {
        user = try await store.user(id: rows[0].user)
        state = try await store.planningState(ofUser: user.id)
      }
      for row in rows {
        let outcome = try await carryOut(row, of: user, state: state)
        if case .delivered = outcome { shown = user.name }
        if !outcome.effects.isEmpty || row.reminder.kind.isRolling {
          state = try await store.planningState(ofUser: user.id)
        }
      }
    } catch  where !Task.isCancelled {
      logger.error(
        "delivering a user's reminders failed; tried again when the claims end",
        metadata: ["user": "\(rows[0].user)", "error": "\(describe(error))"])
    } catch {}
    return shown
  }

  /// Decides and carries out one claimed delivery of `user`, whose data is `state`; returns
  /// what became of it.
  func carryOut(_ claimed: ClaimedDelivery, of user: HeraldUser, state: PlanningState) async throws
    -> DeliveryOutcome
  {
    guard Int(claimed.reminder.kindIndex) < Planner.kinds.count else {
      try await store.finish(claimed, .withdrawn)
      return .withdrawn
    }
    let context = PlanningContext(state: state, now: claimed.fireDate, limits: .unlimited)
    let due = Planner.due(claimed.reminder, in: context)
    // The row was planned from the user's data as it was; overdue rows are not replanned, so
    // one the data no longer gives (a block deleted meanwhile) is dropped here.
    guard due.key == claimed.key else {
      logger.info("withdrawn", metadata: ["user": "\(user.name)", "id": "\(claimed.requestID)"])
      try await store.finish(claimed, .withdrawn)
      return .withdrawn
    }
    let now = clock.now()
    // Its own row is the one claimed (pending, unique): only what it would repeat needs a look.
    let log = due.saidBefore.isEmpty ? [:] : try await store.statuses(ofUser: claimed.user, due.saidBefore)
    let outcome: DeliveryOutcome
    switch DeliveryDecision.decide(due, log: log, now: now, policy: configuration.delivery) {
    case .skip:
      outcome = .skipped
    case .recordSilently(let effects):
      outcome = .silenced(effects: effects)
    case .recordMissed:
      logger.info("missed", metadata: ["user": "\(user.name)", "id": "\(claimed.requestID)"])
      outcome = .missed
    case .show(let delivery):
      let body = StandardWebhook.body(delivery, user: user.name)
      do {
        if let webhook = user.webhook { try await post(body, of: delivery, user: user, to: webhook, at: now) }
        outcome = .delivered(
          at: delivery.deliveredAt, late: delivery.late, effects: delivery.effects,
          record: String(decoding: body, as: UTF8.self))
      } catch {
        outcome = failure(of: claimed, error, at: now, user: user)
      }
    }
    try await store.finish(claimed, outcome)
    return outcome
  }

  private func describe(_ error: any Error) -> String { PostgresProblem.describe(error) }

  private func post(_ body: Data, of delivery: Delivery, user: HeraldUser, to url: URL, at now: Date)
    async throws
  {
    let id = StandardWebhook.id(
      user: user.name, requestID: delivery.key.requestID, fireDate: delivery.key.fireDate)
    let timestamp = Int(now.timeIntervalSince1970.rounded(.down))
    try await poster.post(
      body, to: url,
      headers: [
        "webhook-id": id, "webhook-timestamp": String(timestamp),
        "webhook-signature": StandardWebhook.signature(
          id: id, timestamp: timestamp, body: body, secret: user.webhookSecret),
      ], timeout: configuration.requestTimeout)
  }

  private func failure(of claimed: ClaimedDelivery, _ error: any Error, at now: Date, user: HeraldUser)
    -> DeliveryOutcome
  {
    let problem = "\(error)"
    guard claimed.attempt < configuration.maximumAttempts else {
      logger.error(
        "failed", metadata: ["user": "\(user.name)", "id": "\(claimed.requestID)", "error": "\(problem)"])
      return .failed(error: problem)
    }
    let delay = configuration.retryDelay(afterAttempt: claimed.attempt)
    logger.notice(
      "webhook failed, will retry",
      metadata: [
        "user": "\(user.name)", "id": "\(claimed.requestID)", "in": "\(delay) s", "error": "\(problem)",
      ])
    return .retry(at: now.addingTimeInterval(delay), error: problem)
  }
}
