import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import Logging

/// The daemon: plans from the store, waits for the next reminder on an injected clock, carries
/// out the core's delivery decision for it through the sinks and the store, and replans whenever
/// the world changes.
///
/// One mechanism covers every way time can go missing. The store keeps a checkpoint: the instant
/// up to which every due reminder has been handled. Planning always starts from there, so the
/// reminders that fell due while the daemon was down, the machine slept or the clock jumped come
/// due at once, and the core decides for each: shown late within the grace window, recorded as
/// missed, or skipped because the delivery log has it.
public actor ReminderDaemon {
  let store: SQLiteStore
  let clock: any HeraldClock
  let zones: any TimeZoneSource
  let configuration: DaemonConfiguration
  let logger: Logger
  private var sinks: [any DeliverySink]
  private var liveActivity: (any LiveActivityPresenter)?
  private var liveDriver = LiveActivityDriver()
  /// Set when the data changed: answers may have been given, notifications must come off screen.
  private var answersToCheck = true

  private var zone = Zone.utc
  /// Why the zone could not be read at the last look, said once until it can be again.
  private var zoneProblem: String?
  var state = PlanningState(timeZone: .utc)
  /// The plan the queue was made from; due reminders are built from it.
  private var context = PlanningContext(
    state: PlanningState(timeZone: .utc), now: .distantPast, limits: .unlimited)
  /// Whether the queue holds a plan (`context`'s) to change; before the first, it is planned whole.
  private var planned = false
  private var queue = TimerQueue()
  /// Every reminder due up to this instant has been handled.
  private var handledUpTo = Date.distantPast
  private var checkpointWrittenAt = -Double.infinity
  private var dataVersion = 0
  /// The walk under way, watched fix by fix (`ReminderDaemon+Places`).
  var walk: WalkWatch?
  /// Which fixes the walk sees.
  var fixFilter: LocationFixFilter
  /// Whether the location source is up; when it is not, the walk's monitor is paused.
  var locationAvailable = true
  /// A fix is being handled: a reload meanwhile must not replace the monitor it is changing.
  var handlingFix = false
  var walkReloadPending = false
  private var lastWall = Date.distantPast
  private var lastMonotonic = 0.0
  private var started = false
  /// Calendar problems already logged: each is said once, not at every reload.
  private var reportedCalendarProblems: Set<CalendarPlanning.Problem> = []
  /// The followed calendars' blocks and tasks, parsed once per change of a calendar (or once a day).
  public nonisolated let calendarInstances = CalendarInstances()

  /// How many notifications were shown, and recorded as missed, since the start.
  public private(set) var shownCount = 0
  public private(set) var missedCount = 0

  public init(
    store: SQLiteStore, clock: any HeraldClock, zones: any TimeZoneSource, sinks: [any DeliverySink],
    configuration: DaemonConfiguration = DaemonConfiguration(), logger: Logger
  ) {
    self.store = store
    self.clock = clock
    self.zones = zones
    self.sinks = sinks
    self.configuration = configuration
    self.logger = logger
    fixFilter = LocationFixFilter(maximumAccuracy: configuration.maximumAccuracy)
  }

  /// Adds a sink after creation (the desktop sink needs the daemon for its action callback).
  public func addSink(_ sink: any DeliverySink) { sinks.append(sink) }

  /// Shows the running focus block on `presenter` while it runs (unless the setting is off).
  public func setLiveActivity(_ presenter: any LiveActivityPresenter) { liveActivity = presenter }

  /// Runs until cancelled; the checkpoint is written on the way out. Whichever way it ends, the
  /// Live Activity is closed and every sink stops (no button is left that nobody would hear).
  public func run() async throws {
    do {
      try start()
      try await withdrawAnswered()
      for sink in sinks { await sink.resume() }
      while !Task.isCancelled {
        do {
          try await clock.sleep(
            until: queue.nextFireDate ?? .distantFuture, maximumWait: configuration.pollInterval)
        } catch is CancellationError {
          break
        }
        try await tick()
      }
    } catch {
      await shutDown()
      throw error
    }
    await shutDown()
  }

  /// Writes the checkpoint, ends the Live Activity and stops the sinks.
  private func shutDown() async {
    try? store.writeCheckpoint(handledUpTo)
    await liveActivity?.end()
    for sink in sinks { await sink.stop() }
  }

  /// Loads everything and plans from the checkpoint (or from now on a first start). Idempotent.
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
    zone = try zones.current()
    try reload()
    logger.info(
      "started", metadata: ["pending": "\(queue.count)", "from": "\(RFC3339.utcString(handledUpTo))"])
  }

  /// One round: notice changes, then carry out whatever is due. Public so tests can drive it.
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
    if noticeZoneChange() { mustReload = true }
    if mustReload { try reload() } else { try reloadIfChanged() }
    try await withdrawAnswered()
    try await deliverDue(at: now)
    await updateLiveActivity(at: now)
    if monotonic - checkpointWrittenAt >= configuration.checkpointInterval {
      try store.writeCheckpoint(handledUpTo)
      checkpointWrittenAt = monotonic
    }
  }

  /// Whether the zone changed since the last look: the user moved to another one, or the tz
  /// database gave the same one new rules (a package upgrade). A zone that cannot be read keeps
  /// the last one, said once until it can be read again.
  private func noticeZoneChange() -> Bool {
    let current: Zone
    do {
      current = try zones.current()
    } catch {
      if zoneProblem != error.description {
        logger.error("time zone unreadable, planning in the last one", metadata: ["error": "\(error)"])
        zoneProblem = error.description
      }
      return false
    }
    if zoneProblem != nil {
      logger.notice("time zone readable again", metadata: ["zone": "\(current.identifier)"])
      zoneProblem = nil
    }
    guard current != zone else { return false }
    if current.identifier != zone.identifier {
      logger.notice(
        "time zone changed", metadata: ["from": "\(zone.identifier)", "to": "\(current.identifier)"])
    } else {
      logger.notice(
        "time zone rules changed: the tz database was updated", metadata: ["zone": "\(zone.identifier)"])
    }
    zone = current
    return true
  }

  /// Re-reads the store and replans; call after changing the store from inside this process.
  public func reload() throws {
    dataVersion = try store.dataVersion()
    let planning = try CalendarPlanning.planningState(
      store: store, timeZone: zone, now: clock.now(), instances: calendarInstances)
    state = planning.state
    for problem in planning.problems where reportedCalendarProblems.insert(problem).inserted {
      logger.error(
        "calendar left out", metadata: ["id": "\(problem.calendarID)", "error": "\(problem.message)"])
    }
    answersToCheck = true
    replan()
    try reloadWalk()
  }

  /// Replans after the followed calendars were read (the calendar window moves on with time too);
  /// before the start, the start will read them.
  public func calendarsRead() throws {
    guard started else { return }
    try reload()
  }

  /// Reloads when another process changed the store since the last look.
  func reloadIfChanged() throws {
    if try store.dataVersion() != dataVersion { try reload() }
  }

  /// Takes off the screen every reminder whose answer has been given — by a button, a command, or
  /// any other process — as the core decides from the data as it is now (`AwaitedAnswer`).
  private func withdrawAnswered() async throws {
    guard answersToCheck else { return }
    answersToCheck = false
    let answered = AwaitedAnswer.given(try store.awaitedAnswers(), in: state)
    guard !answered.isEmpty else { return }
    for sink in sinks { await sink.withdraw(slots: answered) }
    try store.forgetAwaitedAnswers(slots: answered)
    logger.info("answered, withdrawn", metadata: ["slots": "\(answered.joined(separator: ","))"])
  }

  /// Shows, updates or ends the Live Activity as the driver says.
  private func updateLiveActivity(at now: Date) async {
    guard let liveActivity else { return }
    let step = liveDriver.step(
      blocks: state.focusBlocks, tasks: state.tasks, now: now,
      enabled: state.settings.liveActivityNotificationEnabled)
    switch step {
    case .show(let activity): await liveActivity.show(activity, now: now, language: state.language)
    case .end: await liveActivity.end()
    case nil: break
    }
  }

  /// Plans from the checkpoint: what fell due since is still in the queue. After a backward
  /// jump the checkpoint lies ahead of the clock; the delivery log keeps what was shown from
  /// being shown again. Only the kinds that read what changed since the last plan are planned
  /// again (`Replanner`): a block moved leaves the tasks' reminders in the queue as they are.
  private func replan() {
    let change = Replanner.change(
      from: planned ? context : nil, to: state, now: min(handledUpTo, clock.now()), limits: .unlimited)
    queue.apply(change)
    context = change.context
    planned = true
  }

  /// Carries out every reminder due at `now`, soonest first. A rolling reminder (the movement
  /// chain) plans its successor only once it has come due, however it was decided — shown,
  /// skipped because a run before a crash showed it, or missed — so the plan is made again from
  /// its instant and the rest follows from there.
  private func deliverDue(at now: Date) async throws {
    var rolledAt: Date?
    while let reminder = queue.popNext(dueAt: now) {
      try await carryOut(Planner.due(reminder, in: context), at: now)
      if reminder.kind.isRolling { rolledAt = reminder.fireDate }
      // Once everything due at that instant is done: a plan from it holds what comes after.
      if let instant = rolledAt, queue.nextFireDate != instant {
        handledUpTo = max(handledUpTo, instant)
        state.movementLog = try store.movementLog()
        replan()
        rolledAt = nil
      }
    }
    handledUpTo = max(handledUpTo, now)
  }

  /// Does what the core decides for one due reminder, through the store and the sinks.
  func carryOut(_ due: DueReminder, at now: Date) async throws {
    let ports = DaemonDeliveryPorts(store: store, sinks: sinks, at: now, logger: logger)
    switch try await DeliveryExecutor.carryOut(due, policy: configuration.delivery, through: ports) {
    case .shown: shownCount += 1
    case .missed: missedCount += 1
    case .none: break
    }
  }

  /// How the log names a notification by default: its id, except that a place notification's id
  /// holds the place's name (user data, spec 004), so it is named by its spot's id instead. The
  /// full id is logged with the texts, at debug level.
  static func logLabel(_ notification: PlannedNotification) -> String {
    let info = notification.content.userInfo
    switch info["type"] {
    case "spot": return "spot \(info["spotID"] ?? "?") of \(info["routeID"] ?? "?")"
    case "routeCompleted": return "completion of \(info["routeID"] ?? "?")"
    default: return notification.identifier
    }
  }

  /// The user pressed a button on `notification`: change the store as the matching command
  /// would, then replan.
  public func perform(_ action: NotificationAction, on notification: PlannedNotification) async {
    do {
      try ReminderActions.perform(
        action, on: notification, store: store, at: clock.now(), timeZone: zone, logger: logger)
      try reload()
      try await withdrawAnswered()
    } catch {
      logger.error("action failed", metadata: ["action": "\(action.rawValue)", "error": "\(error)"])
    }
  }

  /// The user pressed a button on the reminder shown in `slot`: what it does depends on what the
  /// reminder waits for; a slot that waits for nothing any more (answered meanwhile) is ignored.
  public func perform(_ action: NotificationAction, inSlot slot: String) async {
    do {
      guard let answer = try store.awaitedAnswers()[slot] else {
        logger.info("button on a settled reminder ignored", metadata: ["slot": "\(slot)"])
        return
      }
      try ReminderActions.perform(
        action, answering: answer, store: store, at: clock.now(), timeZone: zone, logger: logger)
      try reload()
      try await withdrawAnswered()
    } catch {
      logger.error("action failed", metadata: ["action": "\(action.rawValue)", "error": "\(error)"])
    }
  }

  /// Pending reminders in the queue, for tests and the benchmark.
  public var pendingCount: Int { queue.count }
  /// When the next pending reminder fires, if any.
  public var nextFireDate: Date? { queue.nextFireDate }
  /// Bytes of queue storage per pending reminder.
  public var queueBytesPerReminder: Double { queue.bytesPerReminder }
}
