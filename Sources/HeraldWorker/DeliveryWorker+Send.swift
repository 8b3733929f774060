import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPush
import HeraldWebhooks

extension DeliveryWorker {
  /// Decides one claimed delivery of `user`, whose data is `state`, and sends it when it is to be
  /// shown; returns what to record, or nil when the claim is no longer this worker's (it ended
  /// while the worker was frozen or busy, and another worker has taken the row): then nothing is
  /// sent. Records nothing itself.
  func decideAndSend(
    _ row: ClaimedDelivery, of user: HeraldUser, state: PlanningState, permit: HeldPermit
  ) async throws -> DeliveryOutcome? {
    let context = PlanningContext(state: state, now: row.fireDate, limits: .unlimited)
    // A row finds its block or task by the id its request names (`state` holds only the tasks of
    // the rows read with it); one removed meanwhile is not there, nor is a kind this build does
    // not know (a later release's).
    let due = row.reminder(in: context).map { Planner.due($0, in: context) }
    // The row was planned from the user's data as it was; overdue rows are not replanned, so
    // one the data no longer gives (a block deleted meanwhile) is dropped here.
    guard let due, due.key == row.key else {
      logger.info("withdrawn", metadata: ["user": "\(user.name)", "id": "\(row.requestID)"])
      return .withdrawn
    }
    var policy = configuration.delivery
    if let requeuedAt = row.requeuedAt {
      // Queued again by an operator: its grace window counts from then.
      policy.graceWindow += max(0, requeuedAt.timeIntervalSince(row.fireDate))
    }
    return try await DeliveryExecutor.carryOut(
      due, policy: policy, through: WorkerDeliveryPorts(worker: self, row: row, user: user, permit: permit))
  }

  /// Whether anything the user's earlier rows said repeats `due`: its own row is the one claimed
  /// (pending, unique), so only what it would repeat needs a look — once what those rows said is
  /// written.
  func log(for due: DueReminder, of row: ClaimedDelivery) async throws -> [DeliveryKey: DeliveryStatus] {
    guard !due.saidBefore.isEmpty else { return [:] }
    await recorder.written(user: row.user)
    return try await store.statuses(ofUser: row.user, due.saidBefore)
  }

  /// Sends a delivery shown to the user's webhook, if any (through the receiver's gate), then to
  /// their devices; nil when the claim is no longer this worker's.
  func send(_ delivery: Delivery, of row: ClaimedDelivery, user: HeraldUser, permit: HeldPermit) async throws
    -> DeliveryOutcome?
  {
    let body = StandardWebhook.body(delivery, user: user.name)
    let shown = DeliveryOutcome.delivered(
      at: delivery.deliveredAt, late: delivery.late, effects: delivery.effects,
      record: String(decoding: body, as: UTF8.self))
    guard let webhook = user.webhook else {
      await push(delivery, of: row, user: user)
      return shown
    }
    guard let claim = try await stillOurs(row, user: user) else { return nil }
    let destination = DestinationGate.destination(of: webhook)
    if !permit.holds(destination) {
      // The user's receiver was not known when the lane asked (or changed since).
      permit.release(.unused)
      do {
        try await permit.acquire(destination, until: roomDeadline(of: claim))
      } catch {
        return .retry(at: clock.now().addingTimeInterval(1), error: "\(error)")
      }
    }
    let now = clock.now()
    let started = ContinuousClock.now
    do {
      let timeout = min(configuration.requestTimeout, claim.leaseEnds.timeIntervalSince(now) - 1)
      try await post(body, of: delivery, user: user, to: webhook, at: now, timeout: timeout)
      permit.release(.answered(latency: DestinationGate.seconds(.now - started)))
      metrics.webhook("2xx", took: .now - started)
      receivers.answered(user: user.name, logger: logger)
      await push(delivery, of: row, user: user)
      return shown
    } catch {
      permit.release(DestinationLimit.Outcome(error, latency: .now - started))
      metrics.webhook((error as? WebhookFailure)?.result ?? "error", took: .now - started)
      return self.failure(of: claim, error, at: clock.now(), user: user)
    }
  }

  /// The claim, renewed when too little of it is left for a whole exchange; nil when it is no
  /// longer this worker's — a worker waking from a freeze sends nothing another has taken over.
  private func stillOurs(_ row: ClaimedDelivery, user: HeraldUser) async throws -> ClaimedDelivery? {
    let now = clock.now()
    guard row.leaseEnds.timeIntervalSince(now) < configuration.requestTimeout + 2 else { return row }
    if let renewed = try await store.renew(row, until: now.addingTimeInterval(configuration.lease)) {
      return renewed
    }
    metrics.claimLost()
    logger.notice(
      "not sent: its claim ended and another worker has it",
      metadata: ["user": "\(user.name)", "id": "\(row.requestID)"])
    return nil
  }

  private func post(
    _ body: Data, of delivery: Delivery, user: HeraldUser, to url: URL, at now: Date, timeout: TimeInterval
  ) async throws {
    let id = StandardWebhook.id(
      user: user.name, requestID: delivery.key.requestID, fireDate: delivery.key.fireDate)
    try await poster.post(
      body, to: url,
      headers: StandardWebhook.headers(id: id, at: now, body: body, secret: user.webhookSecret),
      timeout: timeout)
  }

  /// A webhook that failed is tried again with back-off while the reminder still has a point —
  /// until its grace window ends — and only then recorded as failed.
  private func failure(of claimed: ClaimedDelivery, _ error: any Error, at now: Date, user: HeraldUser)
    -> DeliveryOutcome
  {
    let problem = "\(error)"
    receivers.failed(user: user.name, problem: problem, logger: logger)
    let graceEnds = (claimed.requeuedAt.map { max($0, claimed.fireDate) } ?? claimed.fireDate)
      .addingTimeInterval(configuration.delivery.graceWindow)
    // The back-off, or longer when the receiver asked for longer (`Retry-After`).
    let delay = max(
      configuration.retryDelay(afterAttempt: claimed.attempt), (error as? WebhookFailure)?.retryAfter ?? 0)
    let retry = now.addingTimeInterval(delay)
    guard retry < graceEnds.addingTimeInterval(-1) else {
      logger.error(
        "failed: its receiver did not take it within the grace window",
        metadata: ["user": "\(user.name)", "id": "\(claimed.requestID)", "error": "\(problem)"])
      return .failed(error: problem)
    }
    logger.debug(
      "webhook failed, will retry",
      metadata: [
        "user": "\(user.name)", "id": "\(claimed.requestID)",
        "at": "\(RFC3339.utcStringWithMilliseconds(retry))", "error": "\(problem)",
      ])
    return .retry(at: retry, error: problem)
  }

  /// Hands a delivery shown (its webhook, if any, answered) to the user's devices, when the worker
  /// pushes: after the webhook, so that a row tried again for its webhook is not pushed twice. The
  /// pushes go on beside the row's record (`PushDispatch`); not reading the devices is logged, and
  /// is not the row's failure.
  func push(_ delivery: Delivery, of row: ClaimedDelivery, user: HeraldUser) async {
    guard let pushes else { return }
    do {
      let data = store.data(ofUser: user.id) { [clock] in clock.now() }
      try await pushes.deliver(delivery, keeper: data, scope: .user(user.name)) {
        [store, metrics, logger] outcomes in
        metrics.pushed(outcomes.values)
        // Devices that did not get it are said on the delivery's row, for `herald deliveries list`.
        guard let summary = PushOutcome.summary(outcomes) else { return }
        do { try await store.notePushProblem(delivery: row.id, summary) } catch {
          logger.error("noting a push's failure failed", metadata: ["id": "\(row.id)", "error": "\(error)"])
        }
      }
    } catch {
      logger.warning(
        "push not handed over",
        metadata: ["user": "\(user.name)", "id": "\(delivery.key.requestID)", "error": "\(error)"])
    }
  }
}
