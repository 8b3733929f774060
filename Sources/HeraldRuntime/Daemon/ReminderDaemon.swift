import Foundation
import HeraldCore
import HeraldInterchange
import HeraldStore
import Logging

/// The daemon: plans from the store, waits for the next reminder on an injected clock, shows it
/// through the sinks and records it, and replans whenever the world changes.
///
/// One mechanism covers every way time can go missing. The store keeps a checkpoint: the instant
/// up to which every due reminder has been handled. Planning always starts from there, so the
/// reminders that fell due while the daemon was down, the machine slept or the clock jumped come
/// due at once; each is checked against the delivery log (never shown twice), shown late within
/// the grace window, or recorded as missed.
public actor ReminderDaemon {
  let store: HeraldStore
  let clock: any HeraldClock
  let zones: any TimeZoneSource
  let configuration: DaemonConfiguration
  let logger: Logger
  private var sinks: [any DeliverySink]

  private var zone = TimeZone(secondsFromGMT: 0) ?? .current
  private var state = PlanningState(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
  private var resolver = WallClockResolver(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
  private var queue = TimerQueue()
  /// The instant the queue was planned at: materialized requests count their intervals from it.
  private var plannedAt = Date.distantPast
  /// Every reminder due up to this instant has been handled.
  private var handledUpTo = Date.distantPast
  private var checkpointWrittenAt = -Double.infinity
  private var dataVersion = 0
  private var lastWall = Date.distantPast
  private var lastMonotonic = 0.0
  private var started = false

  /// How many notifications were shown, and recorded as missed, since the start.
  public private(set) var shownCount = 0
  public private(set) var missedCount = 0

  public init(
    store: HeraldStore, clock: any HeraldClock, zones: any TimeZoneSource, sinks: [any DeliverySink],
    configuration: DaemonConfiguration = DaemonConfiguration(), logger: Logger
  ) {
    self.store = store
    self.clock = clock
    self.zones = zones
    self.sinks = sinks
    self.configuration = configuration
    self.logger = logger
  }

  /// Adds a sink after creation (the desktop sink needs the daemon for its action callback).
  public func addSink(_ sink: any DeliverySink) { sinks.append(sink) }

  /// Runs until cancelled; the checkpoint is written on the way out.
  public func run() async throws {
    try start()
    defer { try? store.writeCheckpoint(handledUpTo) }
    while !Task.isCancelled {
      do {
        try await clock.sleep(
          until: queue.nextFireDate ?? .distantFuture, maximumWait: configuration.pollInterval)
      } catch is CancellationError {
        break
      }
      try await tick()
    }
  }

  /// Loads everything and plans from the checkpoint (or from now on a first start).
  public func start() throws {
    guard !started else { return }
    started = true
    let now = clock.now()
    lastWall = now
    lastMonotonic = clock.monotonicSeconds()
    if let checkpoint = try store.checkpoint() {
      handledUpTo = min(checkpoint, now)
    } else {
      // The first start: record at once where the daemon took over, so that one killed before
      // its first tick still delivers, on its restart, what fell due while it was down.
      handledUpTo = now
      try store.writeCheckpoint(now)
    }
    zone = zones.current()
    try reload()
    logger.info(
      "started", metadata: ["pending": "\(queue.count)", "from": "\(RFC3339.utcString(handledUpTo))"])
  }

  /// One round: notice changes, then show whatever is due. Public so tests can drive it.
  public func tick() async throws {
    let now = clock.now()
    let monotonic = clock.monotonicSeconds()
    let drift = (now.timeIntervalSince(lastWall)) - (monotonic - lastMonotonic)
    var mustReload = false
    if abs(drift) > configuration.jumpTolerance {
      logger.notice("wall clock jumped", metadata: ["seconds": "\(Int(drift))"])
      mustReload = true
    }
    lastWall = now
    lastMonotonic = monotonic
    let currentZone = zones.current()
    if currentZone.identifier != zone.identifier {
      logger.notice(
        "time zone changed", metadata: ["from": "\(zone.identifier)", "to": "\(currentZone.identifier)"])
      zone = currentZone
      mustReload = true
    }
    if try store.dataVersion() != dataVersion { mustReload = true }
    if mustReload { try reload() }
    try await deliverDue(at: now)
    if monotonic - checkpointWrittenAt >= configuration.checkpointInterval {
      try store.writeCheckpoint(handledUpTo)
      checkpointWrittenAt = monotonic
    }
  }

  /// Re-reads the store and replans; call after changing the store from inside this process.
  public func reload() throws {
    dataVersion = try store.dataVersion()
    state = try store.planningState(timeZone: zone)
    replan()
  }

  /// Plans from the checkpoint: what fell due since is still in the queue.
  private func replan() {
    // After a backward jump the checkpoint lies ahead of the clock; the delivery log keeps what
    // was shown from being shown again.
    plannedAt = min(handledUpTo, clock.now())
    resolver = WallClockResolver(
      timeZone: zone,
      window: DateInterval(start: plannedAt, duration: Double(MovementSchedule.lookaheadDays + 2) * 86_400))
    queue = TimerQueue(Planner.schedule(state, now: plannedAt, limits: .unlimited, resolver: resolver))
  }

  private func deliverDue(at now: Date) async throws {
    var movementChanged = false
    for reminder in queue.popDue(at: now) {
      guard let notification = Planner.materialize(reminder, state, now: plannedAt, resolver: resolver) else {
        continue
      }
      if try await handle(notification, now: now) { movementChanged = movementChanged || reminder.isMovement }
    }
    handledUpTo = max(handledUpTo, now)
    if movementChanged {
      // The next movement reminder, the follow-up and the report depend on what was just shown.
      state.movementLog = try store.movementLog()
      replan()
    }
  }

  /// Shows one due notification unless the log has it; returns whether it was shown.
  private func handle(_ notification: PlannedNotification, now: Date) async throws -> Bool {
    let id = notification.identifier
    guard try store.deliveryStatus(requestID: id, fireDate: notification.fireDate) == nil else {
      return false
    }
    if let announced = announcedEarlier(notification),
      try store.deliveryStatus(requestID: id, fireDate: announced) != nil
    {
      // The block's "starts in N minutes" was already handled: a replan after it (a restart, any
      // change) turns the same reminder into "starts now", which would say the same thing twice.
      return false
    }
    let overdue = now.timeIntervalSince(notification.fireDate)
    guard overdue <= configuration.graceWindow else {
      _ = try store.recordMissed(requestID: id, fireDate: notification.fireDate)
      missedCount += 1
      logger.info(
        "missed", metadata: ["id": "\(id)", "fireDate": "\(RFC3339.utcString(notification.fireDate))"])
      return false
    }
    let late = overdue > configuration.lateAfter
    let delivery = Delivery(
      line: DeliveryLine(notification: notification, deliveredAt: clock.now(), late: late),
      actions: NotificationAction.offered(forCategory: notification.content.categoryIdentifier))
    for sink in sinks {
      do { try await sink.deliver(delivery) } catch {
        logger.error("a sink failed", metadata: ["id": "\(id)", "error": "\(error)"])
      }
    }
    // Recorded after showing: a crash in between shows it again rather than never.
    _ = try store.recordDelivery(
      requestID: id, fireDate: notification.fireDate, deliveredAt: delivery.line.deliveredAt, late: late)
    if notification.content.categoryIdentifier == NotificationCategory.movement,
      notification.identifier
        == MovementNotifications.reminderIdentifier
    {
      _ = try store.recordMovementReminderShown(at: notification.fireDate, timeZone: zone)
    }
    shownCount += 1
    logger.info("shown", metadata: ["id": "\(id)", "late": "\(late)"])
    logger.debug("shown text", metadata: ["title": "\(notification.content.title)"])
    return true
  }

  /// For a focus block's "starts now" reminder, when its "starts in N minutes" fired.
  private func announcedEarlier(_ notification: PlannedNotification) -> Date? {
    let lead = state.settings.focusBlockLeadMinutes
    guard notification.content.categoryIdentifier == NotificationCategory.focusBlockStart, lead > 0,
      let blockID = notification.content.userInfo["blockID"],
      let block = state.focusBlocks.first(where: { $0.id == blockID }), notification.fireDate == block.start
    else { return nil }
    return block.start.addingTimeInterval(-Double(lead * 60))
  }

  /// The user pressed a button: change the store as the matching command would, then replan.
  public func perform(_ action: NotificationAction, on notification: PlannedNotification) async {
    do {
      try ReminderActions.perform(action, on: notification, store: store, at: clock.now(), timeZone: zone)
      try reload()
    } catch {
      logger.error("action failed", metadata: ["action": "\(action.rawValue)", "error": "\(error)"])
    }
  }

  /// Pending reminders in the queue, for tests and the benchmark.
  public var pendingCount: Int { queue.count }
  /// Bytes of queue storage per pending reminder.
  public var queueBytesPerReminder: Double { queue.bytesPerReminder }
}

extension ScheduledReminder {
  /// Whether showing it changes what movement reminders come next.
  var isMovement: Bool {
    switch source {
    case .movement, .movementLog: true
    default: false
    }
  }
}
