import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPostgresConnections
import HeraldPush
import HeraldWebhooks
import Logging
import Synchronization

/// `herald worker`: delivers every user's reminders at their time, from the `delivery` table.
///
/// Stateless: it claims due rows as a lease, decides each with the core exactly as the daemon
/// does (`Planner.due`, `DeliveryDecision`), posts the signed webhook and records the outcome.
/// Each user's rows go to a lane of their own, one after another (a decision may read what the
/// one before recorded); lanes run side by side, and the worker claims again as soon as it has
/// room — no claim waits for its slowest webhook, so a receiver that hangs costs its own user
/// time and nobody else. Idle, it sleeps until the earliest pending row — not polling — and a
/// NOTIFY wakes it when an earlier row, or one due within seconds, is queued. Any number may run
/// against one database.
public final class DeliveryWorker: Sendable {
  let store: PostgresStore
  let clock: any HeraldClock
  let poster: any WebhookPosting
  let configuration: WorkerConfiguration
  let logger: Logger
  /// Rung when a lane finishes a row, the recorder has written, a NOTIFY comes or `stop()`.
  let wakeup = Wakeup()
  /// Rung only by a NOTIFY (or the listening connection lost and back) and by `stop()`: what ends
  /// a pause between claims.
  let news = Wakeup()
  /// Set by a NOTIFY: rows may have come that are due before what the worker claimed last, so
  /// its next claim looks from the earliest.
  private let heard = Atomic<Bool>(false)
  let lanes: DeliveryLanes
  let receivers = ReceiverHealth()
  /// How many requests each receiver is given at once, found per receiver.
  let destinations: DestinationGate
  let recorder: DeliveryRecorder
  let metrics = WorkerMetrics()
  /// Set by `stop()`: claim nothing more, finish the rows in flight, give back the rest, return.
  private let stopping = Atomic<Bool>(false)

  /// Each user's devices, when the worker pushes (`--push-contact`).
  let pushes: PushDispatch?

  public init(
    store: PostgresStore, clock: any HeraldClock, poster: any WebhookPosting,
    configuration: WorkerConfiguration = WorkerConfiguration(), pushing: WorkerPushing? = nil, logger: Logger
  ) {
    self.store = store
    self.clock = clock
    self.poster = poster
    self.configuration = configuration
    self.logger = logger
    lanes = DeliveryLanes(concurrency: configuration.concurrency)
    let destinations = DestinationGate(ceiling: configuration.maxInFlightPerReceiver, logger: logger)
    self.destinations = destinations
    recorder = DeliveryRecorder(store: store, logger: logger, written: wakeup)
    pushes = pushing.map { pushing in
      PushDispatch(
        settings: pushing.settings, key: pushing.key, secret: pushing.secret, logger: logger,
        poster: PacedPoster(poster: pushing.poster ?? poster, gate: destinations))
    }
  }

  /// Waits for the pushes handed over to be done (at most `PushDispatch.drainTime`).
  public func finishPushes() async { await pushes?.stop() }

  /// Delivers until stopped (`stop()`: the rows in flight are finished first) or cancelled (at
  /// once: what it claimed and did not finish is taken over by another worker when the claim
  /// ends). The database going away is waited out, whatever its length: the connections log the
  /// outage once, and the worker goes on within a second of the database answering again.
  public func run() async throws {
    logger.info("worker started", metadata: ["database": "\(store.url)"])
    await withDiscardingTaskGroup { group in
      group.addTask { await self.listen() }
      group.addTask { await self.recorder.run() }
      group.addTask { await self.watchQueue() }
      group.addTask { await self.watchZones() }
      await self.loop(lanesIn: &group)
      // Stopping: the lanes end after the row each is carrying out, the recorder writes what
      // they did, then the listener goes.
      while lanes.isBusy, !Task.isCancelled { await wakeup.wait() }
      recorder.close()
      await recorder.written()
      await finishPushes()
      group.cancelAll()
    }
    logger.info("worker stopped")
  }

  /// Asks the worker to stop gracefully: it claims nothing more, finishes and records the
  /// deliveries in flight (each webhook within its timeout), gives back the rows it had claimed
  /// but not begun (another worker takes them at once), and `run()` returns.
  public func stop() {
    stopping.store(true, ordering: .sequentiallyConsistent)
    news.signal()
    wakeup.signal()
  }

  var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

  /// Keeps a connection listening for NOTIFY; after losing it, looks at the table once, in case
  /// a NOTIFY came meanwhile, and listens again within half a second.
  private func listen() async {
    await Relistening.run(
      "new deliveries", pause: .milliseconds(500), logger: logger,
      listen: { try await self.store.listenForEarlierDeliveries { self.hear() } },
      afterLoss: { self.hear() })
  }

  /// A NOTIFY, or one perhaps missed: the next claim looks from the earliest row, at once.
  private func hear() {
    heard.store(true, ordering: .sequentiallyConsistent)
    news.signal()
    wakeup.signal()
  }

  /// Reads the queue's depth and its oldest due row's age for the metrics every
  /// `configuration.queueWatchInterval`; quiet while the database is away (the outage is logged
  /// by the connections).
  private func watchQueue() async {
    while !Task.isCancelled {
      if let status = try? await store.queueStatus(now: clock.now()) {
        metrics.queue(status, at: clock.now())
      }
      try? await Task.sleep(for: .seconds(configuration.queueWatchInterval))
    }
  }

  /// Every `configuration.zoneCheckInterval` (and at the start), compares the rules of each zone
  /// the users live in — read from the system's tz database as the OS keeps it — with those their
  /// deliveries were planned with, and replans the users of a zone whose rules differ: a package
  /// upgrade moves Vancouver's reminders without a restart. A zone no rules were noted for has its
  /// rules noted: its users' deliveries were planned with them (by this release, which notes every
  /// zone at a worker's start). Said once when it fails, quiet while the database is away.
  private func watchZones() async {
    var failing = false
    while !Task.isCancelled, !isStopping {
      do {
        for (name, noted) in try await store.zonesInUse() {
          // A zone that cannot be read is reported by every read of its users' data.
          guard let zone = try? SystemZones.shared.zone(identifier: name), zone.fingerprint != noted else {
            continue
          }
          guard noted != nil else {
            try await store.noteRules(of: zone)
            continue
          }
          let users = try await store.replanUsers(inZone: zone, now: clock.now())
          logger.notice(
            "time zone rules changed: the tz database was updated; users replanned",
            metadata: ["zone": "\(name)", "users": "\(users)", "database": "\(SystemZones.shared.release)"])
        }
        failing = false
      } catch  where !Task.isCancelled {
        if !failing, !(error is DatabaseUnavailable) {
          logger.error(
            "checking the zones' rules failed; trying again", metadata: ["error": "\(describe(error))"])
        }
        failing = true
      } catch {
        break
      }
      try? await Task.sleep(for: .seconds(configuration.zoneCheckInterval))
    }
  }

  /// How near the next row must be for the worker to pause for it rather than look at every
  /// claim's end too; and how often a busy worker claims from the earliest pending row rather
  /// than after what it claimed last (a dead worker's claims are taken over at most this much
  /// after they end; a row skipped while another transaction held it is claimed then).
  static let soon: TimeInterval = 1
  /// The most rows a worker holds, in batches.
  static let batchesHeld = 4

  /// Claims what is due whenever there is room, hands each user's rows to their lane, and sleeps
  /// until the next row is due, a NOTIFY, or a lane finishing.
  private func loop(lanesIn group: inout DiscardingTaskGroup) async {
    var failing = false
    var window = ClaimWindow(fullLookInterval: Self.soon)
    while !Task.isCancelled, !isStopping {
      do {
        if failing {
          // Back from an outage: first the lanes record what they sent while the database was
          // away (they retry every half second), then claims resume — a claim that ended
          // meanwhile is not taken from the worker that sent it before it could record it.
          try await store.ping()
          try await Task.sleep(for: .milliseconds(1_500))
          failing = false
        }
        // Room for as many users as a batch, and never more rows held than four batches (a lane
        // runs late rows past its claim's end only to find them another worker's).
        let room = min(
          configuration.batchSize - lanes.lanesHeld,
          configuration.batchSize * Self.batchesHeld - lanes.rowsHeld)
        guard room >= max(1, configuration.batchSize / 4) else {
          // Busy: a lane finishing a row, a NOTIFY or `stop()` rings; nothing to ask the database
          // meanwhile (asking when the next row is due after every delivery cost PostgreSQL more
          // than the deliveries' own statements).
          await wakeup.wait()
          continue
        }
        let claimedAt = clock.now()
        let horizon = claimedAt.addingTimeInterval(configuration.lookahead)
        let after = window.after(
          at: claimedAt, heard: heard.exchange(false, ordering: .sequentiallyConsistent))
        let claimed = try await store.claim(
          now: claimedAt, limit: room, lease: configuration.lease, ahead: configuration.lookahead,
          after: after)
        window.claimed(at: claimedAt, after: after, claimed, room: room, horizon: horizon)
        if !claimed.isEmpty {
          logger.debug("claimed", metadata: ["rows": "\(claimed.count)"])
          await dispatch(claimed, in: &group)
        }
        // As many as there was room for: more may be due.
        if claimed.count == room { continue }
        guard !isStopping else { break }
        // Everything due within the lookahead is claimed. At a steady rate the next row enters
        // it in a moment: the worker claims again after a pause (a NOTIFY ends it), not at once
        // nor at every row a lane finishes — which cost PostgreSQL a claim, and a look at every
        // claim's end, per row or two — then once that row enters the lookahead (or a lane
        // finishing makes room).
        //
        // With nothing due within a second but rows of its own still carried out, it does the
        // same, looking again within a second: what those rows lead to (a retry, seconds away at
        // least; a chain moved on, which a NOTIFY announces) is found after the same place — not
        // by a look at every claim's end, which reads every pending row, those in flight too
        // (3–4 ms a look at the end of a backlog, measured, and a look for each row finishing).
        let soon = try await store.nextDue(after: horizon).flatMap {
          $0 < horizon.addingTimeInterval(Self.soon) ? $0 : nil
        }
        if soon != nil || lanes.isBusy {
          try await sleep(until: claimedAt.addingTimeInterval(configuration.claimInterval), wakingOn: news)
          try await sleep(
            until: soon?.addingTimeInterval(-configuration.lookahead)
              ?? clock.now().addingTimeInterval(Self.soon))
          continue
        }
        let now = clock.now()
        // Woken a moment early: the rows are claimed ahead and fired from timers at their instant.
        let next =
          try await store.nextWake(after: now)?.addingTimeInterval(-configuration.lookahead)
          ?? now.addingTimeInterval(configuration.maximumIdle)
        logger.debug("idle", metadata: ["until": "\(RFC3339.utcStringWithMilliseconds(next))"])
        try await sleep(until: next)
        window.forget()
      } catch  where !Task.isCancelled {
        if !(error is DatabaseUnavailable), !failing {
          logger.error("a delivery round failed; trying again", metadata: ["error": "\(describe(error))"])
        }
        failing = true
        window.forget()
        // Connecting to a stopped server is refused at once: a short pause is cheap, and the
        // worker is back within it when the server is.
        try? await Task.sleep(for: .milliseconds(500))
      } catch {
        break
      }
    }
    // What was claimed but not begun goes back at once, for any worker to take.
    let waiting = lanes.drainWaiting()
    if !waiting.isEmpty {
      do {
        try await store.release(waiting, retryAt: nil)
        logger.info("gave back claims not begun", metadata: ["rows": "\(waiting.count)"])
      } catch {
        logger.notice(
          "could not give back claims not begun; another worker takes them when they end",
          metadata: ["rows": "\(waiting.count)", "error": "\(describe(error))"])
      }
    }
  }

  /// Reads the users of newly claimed rows in two queries (not two per user) and starts a lane
  /// for each user that has none; a user already in a lane gets the rows appended to it.
  private func dispatch(_ claimed: [ClaimedDelivery], in group: inout DiscardingTaskGroup) async {
    metrics.claimed(takenOver: claimed.count { $0.takenOver })
    let newUsers = lanes.enqueue(claimed)
    guard !newUsers.isEmpty else { return }
    // A user whose last lane changed their data (a movement reminder) not yet written is read in
    // their lane once it is: read here, it could be from before. (No lane of theirs runs, so
    // no such change comes after this look.)
    let stale = recorder.changesUnwritten(of: newUsers)
    // When any of them cannot be read, each user is read on their own in their lane, so only a
    // damaged one waits for its claims to end.
    let users = try? await store.users(ids: newUsers)
    let new = Set(newUsers)
    let states =
      users == nil ? nil : try? await store.deliveryStates(for: claimed.filter { new.contains($0.user) })
    var known: [Int64: (HeraldUser, Result<PlanningState, any Error>)] = [:]
    for id in newUsers where !stale.contains(id) {
      if let user = users?[id], let state = states?[id] { known[id] = (user, state) }
    }
    for user in newUsers {
      group.addTask { [known = known[user]] in await self.runLane(of: user, known: known) }
    }
  }

  /// Sleeps until `deadline` or a ring of `bell` (any wake-up by default), whichever is first.
  private func sleep(until deadline: Date, wakingOn bell: Wakeup? = nil) async throws {
    let clock = clock
    let maximumWait = configuration.maximumIdle
    let bell = bell ?? wakeup
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await clock.sleep(until: deadline, maximumWait: maximumWait) }
      group.addTask { await bell.wait() }
      try await group.next()
      group.cancelAll()
    }
  }

  func describe(_ error: any Error) -> String { PostgresProblem.describe(error) }

  /// Claims and carries out what is due now and waits for it to be recorded; returns how many
  /// rows it handled. For tests that drive the worker with a manual clock.
  @discardableResult
  public func deliverDue() async throws -> Int {
    let claimed = try await store.claim(
      now: clock.now(), limit: configuration.batchSize, lease: configuration.lease)
    guard !claimed.isEmpty else { return 0 }
    await withDiscardingTaskGroup { group in await dispatch(claimed, in: &group) }
    await recorder.flush()
    return claimed.count
  }
}
