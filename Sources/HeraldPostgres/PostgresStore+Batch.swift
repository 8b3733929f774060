import Foundation
import HeraldCore
import HeraldPostgresConnections
import PostgresNIO

/// Recording outcomes: what a worker buffers for a few milliseconds is written in one transaction
/// of a few statements, whatever their number — the cost of a commit shared by hundreds of
/// deliveries (River's and graphile-worker's batch completers do the same). That includes what
/// changes a user's data: a movement log moved on by what was shown, and a rolling reminder's
/// chain replanned from its instant, for all the batch's users in one statement each.
extension PostgresStore {
  /// Records what became of each claimed row, in one transaction. A row is changed only while
  /// pending, and a retry or failure only while the claim is still the worker's (this one's lease
  /// may have run out and another worker finished it); what an outcome changes in its user's
  /// movement log, and the replan of a rolling reminder's user from its instant, happen only for
  /// rows so recorded. A delivered row is numbered in its user's stream in the order given.
  ///
  /// The users whose data changes are locked first, in the order of their ids, as every change of
  /// a user's data locks them (two workers' batches never wait for each other in a circle). A
  /// user's outcomes apply in the order given; their chain is replanned once, from their last
  /// rolling row's instant (a worker gives at most one per user: the user's next row waits for
  /// it to be written, since it reads what it changed).
  public func finishAll(_ items: [(ClaimedDelivery, DeliveryOutcome)]) async throws {
    let touched = Set(items.filter { Self.changesData($0.0, $0.1) }.map(\.0.user))
    try await transaction { connection in
      let states =
        touched.isEmpty
        ? [:]
        : try await Self.planningStates(
          connection, users: touched.sorted(), lock: true, taskRows: false, logger: logger)
      let recorded = try await Self.record(items, connection, logger: logger)
      let changes = items.filter { touched.contains($0.0.user) && recorded.contains($0.0.id) }
      guard !changes.isEmpty else { return }
      try await Self.apply(changes, to: states, connection, logger: logger)
    }
  }

  /// Whether recording `outcome` of `claimed` changes the user's data: their movement log, or —
  /// a rolling reminder recorded for good — the rest of its chain.
  public static func changesData(_ claimed: ClaimedDelivery, _ outcome: DeliveryOutcome) -> Bool {
    !outcome.effects.isEmpty || movesChain(claimed, outcome)
  }

  /// Whether `outcome` of `claimed` is a rolling reminder's for good (not to be tried again): its
  /// user's chain is replanned from its instant.
  static func movesChain(_ claimed: ClaimedDelivery, _ outcome: DeliveryOutcome) -> Bool {
    if case .retry = outcome { return false }
    return claimed.kind?.isRolling == true
  }

  /// Writes each row's outcome; returns the ids of the rows changed.
  private static func record(
    _ items: [(ClaimedDelivery, DeliveryOutcome)], _ connection: DatabaseConnection, logger: Logger
  ) async throws -> Set<Int64> {
    var delivered = DeliveredRows()
    // No due instant or error is the epoch or "" (arrays of optionals do not bind).
    var others: (ids: [Int64], attempts: [Int32], statuses: [String], due: [Date], errors: [String]) = (
      [], [], [], [], []
    )
    var withdrawn: [Int64] = []
    for (claimed, outcome) in items {
      switch outcome {
      case .delivered(let at, let late, _, let record):
        delivered.ids.append(claimed.id)
        delivered.users.append(claimed.user)
        delivered.at.append(at)
        delivered.late.append(late)
        delivered.payloads.append(record)
      case .withdrawn:
        withdrawn.append(claimed.id)
      case .retry(let at, let error):
        others.ids.append(claimed.id)
        others.attempts.append(Int32(claimed.attempt))
        others.statuses.append("pending")
        others.due.append(at)
        others.errors.append(error)
      case .failed(let error):
        others.ids.append(claimed.id)
        others.attempts.append(Int32(claimed.attempt))
        others.statuses.append("failed")
        others.due.append(Date(timeIntervalSince1970: 0))
        others.errors.append(error)
      case .missed, .skipped, .silenced:
        others.ids.append(claimed.id)
        others.attempts.append(-1)
        others.statuses.append(outcome.status)
        others.due.append(Date(timeIntervalSince1970: 0))
        others.errors.append("")
      }
    }
    var recorded = Set<Int64>()
    func collect(_ query: PostgresQuery) async throws {
      for try await id in try await connection.query(query, logger: logger).decode(Int64.self) {
        recorded.insert(id)
      }
    }
    if !delivered.ids.isEmpty { try await collect(delivered.statement) }
    if !others.ids.isEmpty {
      // A batch of retries is as large as a backlog's when a receiver is down: its rows too are
      // found by their key, as above.
      try await collect(
        """
        UPDATE delivery AS d SET status = i.status,
          due_at = coalesce(nullif(i.due_at, 'epoch'::timestamptz), d.due_at),
          last_error = coalesce(nullif(i.error, ''), d.last_error), claimed_until = NULL
        FROM unnest(\(others.ids)::bigint[], \(others.attempts)::integer[], \(others.statuses)::text[],
          \(others.due)::timestamptz[], \(others.errors)::text[]) AS i (id, attempts, status, due_at, error)
        WHERE d.id = i.id AND d.id = ANY(\(others.ids)::bigint[]) AND d.status = 'pending'
          AND (i.attempts < 0 OR d.attempts = i.attempts)
        RETURNING d.id
        """)
    }
    if !withdrawn.isEmpty {
      try await collect(
        "DELETE FROM delivery WHERE id = ANY(\(withdrawn)::bigint[]) AND status = 'pending' RETURNING id")
    }
    return recorded
  }

  /// What recorded outcomes change in their users' data (`states`, read under lock): the movement
  /// logs written in one statement, the chains of rolling reminders replanned in another. A user
  /// whose stored data cannot be read keeps their log and plan (their outcomes stay recorded).
  private static func apply(
    _ changes: [(ClaimedDelivery, DeliveryOutcome)], to states: [Int64: Result<PlanningState, any Error>],
    _ connection: DatabaseConnection, logger: Logger
  ) async throws {
    var changed: [Int64: PlanningState] = [:]
    var logged = Set<Int64>()
    var replanned: [Int64: Date] = [:]
    for (claimed, outcome) in changes {
      let user = claimed.user
      guard var state = try? changed[user] ?? states[user]?.get() else {
        logger.error(
          "a delivery's user data cannot be read: their movement log and chain stay as they were",
          metadata: ["user": "#\(user)", "id": "\(claimed.requestID)"])
        continue
      }
      if !outcome.effects.isEmpty {
        var log = state.movementLog ?? MovementLog()
        for effect in outcome.effects { log.apply(effect) }
        state.movementLog = log
        logged.insert(user)
      }
      if movesChain(claimed, outcome) { replanned[user] = claimed.fireDate }
      changed[user] = state
    }
    let logs = logged.sorted().compactMap { user in changed[user]?.movementLog.map { (user, $0) } }
    try await store(logs, connection, logger: logger)
    try await replanChains(
      replanned.sorted { $0.key < $1.key }.compactMap { user, since in
        changed[user].map { (user, $0, since) }
      }, connection, logger: logger)
  }

  /// Writes the movement logs of users, in one statement.
  static func store(
    _ logs: [(user: Int64, log: MovementLog)], _ connection: DatabaseConnection, logger: Logger
  ) async throws {
    guard !logs.isEmpty else { return }
    // No instant or day is the epoch or "" (arrays of optionals do not bind).
    let epoch = Date(timeIntervalSince1970: 0)
    try await connection.query(
      """
      UPDATE herald_user AS u SET movement_last_reminder_at = nullif(l.last, 'epoch'::timestamptz),
        movement_last_answered = l.answered, movement_snoozed_at = nullif(l.snoozed, 'epoch'::timestamptz),
        movement_progress_day = nullif(l.day, ''), movement_delivered = l.delivered,
        movement_acknowledged = l.acknowledged
      FROM unnest(\(logs.map(\.user))::bigint[], \(logs.map { $0.log.lastReminderAt ?? epoch })::timestamptz[],
        \(logs.map(\.log.lastReminderAnswered))::boolean[], \(logs.map { $0.log.snoozedAt ?? epoch })::timestamptz[],
        \(logs.map { $0.log.progressDay?.description ?? "" })::text[],
        \(logs.map(\.log.progress.delivered))::bigint[], \(logs.map(\.log.progress.acknowledged))::bigint[])
        AS l (id, last, answered, snoozed, day, delivered, acknowledged)
      WHERE u.id = l.id
      """, logger: logger)
  }

  /// Replans each user's movement reminders (the kinds that read the movement schedule and log,
  /// `Replanner.change(_:affectedBy:)`) from their instant, in one statement: what a rolling reminder
  /// come due moves on. As `replan` does, pending rows after that instant the plan no longer has
  /// go and the plan's rows are added once; the other kinds' rows are left as they are, so the
  /// tasks are not read.
  static func replanChains(
    _ users: [(user: Int64, state: PlanningState, since: Date)], _ connection: DatabaseConnection,
    logger: Logger
  ) async throws {
    guard !users.isEmpty else { return }
    let changes = users.map { user, state, since in
      Replanner.change(PlanningContext(state: state, now: since, limits: .unlimited), affectedBy: .movement)
    }
    var plan = PlannedRows()
    for (user, change) in zip(users, changes) {
      replans.increment()
      plan.append(change, of: user.user)
    }
    // Every user's change is of the same kinds: those that read `.movement`.
    let leftAlone = changes[0].kindsLeftAlone
    try await connection.query(
      """
      WITH plan AS (
        SELECT * FROM unnest(\(plan.users)::int8[], \(plan.identifiers)::text[], \(plan.fireDates)::timestamptz[],
          \(plan.kinds)::text[]) AS p (user_id, request_id, fire_at, kind)),
      input AS (
        SELECT * FROM unnest(\(users.map(\.user))::int8[], \(users.map(\.since))::timestamptz[]) AS i (user_id, since)),
      left_alone AS (SELECT \(leftAlone)::text[] AS kinds),
      gone AS (\(unescaped: PlannedRows.gone)),
      added AS (\(unescaped: PlannedRows.insert))
      SELECT pg_notify(\(PostgresSchema.channel), '') WHERE \(unescaped: PlannedRows.wakesWorkers)
      """, logger: logger)
  }
}
