import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgresConnections
import Metrics
import PostgresNIO

extension PostgresStore {
  /// Users replanned (`herald serve --metrics`): made on first use, after the metrics system's start.
  static let replans = Counter(label: "herald_replans_total")

  /// Replaces the focus blocks, tasks, settings, locale and movement schedule of the user `name`
  /// with `state` (its zone becomes the user's), and replans their deliveries from `now`: one
  /// transaction, so a worker sees the old plan or the new one, never a mix. Other users' data
  /// replaced while one is written go together in the next transaction (`GroupedWrites`): one
  /// statement and one commit for the group.
  public func replaceData(ofUser name: String, with state: PlanningState, now: Date) async throws {
    let rows = UserReplan(state, now: now, tasksBefore: nil, changed: .all)
    let replaced = try await wholeReplaces.write(WholeReplace(name: name, rows: rows)) { [self] replaces in
      try await transaction { connection in try await Self.replaceData(replaces, connection, logger: logger) }
    }
    guard replaced else { throw RecordError.notFound("user \(name)", "no such user") }
  }

  /// A user's whole data to write.
  struct WholeReplace: Sendable {
    var name: String
    var rows: UserReplan
  }

  /// Writes `replaces` (of different users) in the caller's transaction: whether each user was
  /// found. The users are locked in the order of their ids, as every statement that locks several
  /// does, before the statement that writes them reads their rows.
  static func replaceData(_ replaces: [WholeReplace], _ connection: DatabaseConnection, logger: Logger)
    async throws -> [Bool]
  {
    let rows = try await connection.query(
      "SELECT id, name FROM herald_user WHERE name = ANY(\(replaces.map(\.name))) ORDER BY id FOR UPDATE",
      logger: logger)
    var users: [String: Int64] = [:]
    for try await (id, name) in rows.decode((Int64, String).self) { users[name] = id }
    try await replan(
      connection, replaces.compactMap { replace in users[replace.name].map { ($0, replace.rows) } },
      logger: logger)
    return replaces.map { users[$0.name] != nil }
  }

  /// The user's data as the planner takes it: their document in their zone and language, with
  /// their movement log.
  public func planningState(ofUser user: Int64) async throws -> PlanningState {
    try await state(ofUser: user, taskRows: true)
  }

  /// The user's data without their task rows — settings, language, blocks, movement schedule and
  /// log, routes: what a read of anything but the tasks needs, one row however many tasks are
  /// stored (kept by version, as adding a task keeps it).
  public func document(ofUser user: Int64) async throws -> PlanningState {
    try await state(ofUser: user, taskRows: false)
  }

  /// One user's data as `cachedStates` reads it.
  private func state(ofUser user: Int64, taskRows: Bool) async throws -> PlanningState {
    let read = try await client.withConnection { connection in
      try await cachedStates(connection, ofUsers: [user], taskRows: taskRows)
    }
    guard let state = read[user] else { throw RecordError.notFound("user \(user)", "no such user") }
    return try state.get()
  }

  /// The data of each of `users`; a user whose stored data cannot be read has its error, and one
  /// that is gone is missing.
  ///
  /// What this process read before at the user's current version is taken as it was (`states`):
  /// then one query reads each user's version and movement log (the log has columns of its own
  /// and changes with most deliveries, without a new version), not their documents and task rows
  /// and decoding them. (A worker reads less: `deliveryStates(for:)`.)
  public func planningStates(ofUsers users: [Int64]) async throws -> [Int64: Result<PlanningState, any Error>]
  {
    try await client.withConnection { connection in
      try await cachedStates(connection, ofUsers: users, taskRows: true)
    }
  }

  /// The data of each of `users` as `planningStates(ofUsers:)` reads it — with their task rows
  /// (cached in `states`), or without (`taskRows` false; cached in `documents`, what adding a task
  /// plans with, unless the document still holds its tasks).
  func cachedStates(_ connection: DatabaseConnection, ofUsers users: [Int64], taskRows: Bool) async throws
    -> [Int64: Result<PlanningState, any Error>]
  {
    let cache = taskRows ? states : documents
    let query: PostgresQuery = """
      SELECT id, name, version, \(unescaped: Self.movementColumns) FROM herald_user WHERE id = ANY(\(users))
      """
    let rows = try await connection.query(query, preparedAs: ReadVersions.self, logger: logger)
    var found: [Int64: Result<PlanningState, any Error>] = [:]
    var versions: [Int64: Int64] = [:]
    for try await (id, name, version, last, answered, snoozed, day, delivered, acknowledged) in rows.map({
      try $0.decode((Int64, String, Int64, Date?, Bool, Date?, String?, Int, Int).self)
    }) {
      guard let known = cache.entry(ofUser: id), known.version == version else {
        versions[id] = version
        continue
      }
      let log = (last, answered, snoozed, day, delivered, acknowledged)
      found[id] = Result {
        var state = known.document
        state.movementLog = try Self.movementLog(name: name, log)
        return state
      }
    }
    guard !versions.isEmpty else { return found }
    // Read after the version: data at least as new as it. Kept under that version, data newer
    // than it is read again next time (the version will have moved on), never taken as older.
    let read = try await Self.planningStates(
      connection, users: Array(versions.keys), taskRows: taskRows, logger: logger)
    for (id, state) in read {
      found[id] = state
      if case .success(let document) = state, let version = versions[id], taskRows || document.tasks.isEmpty {
        cache.store(DocumentCache.Entry(document: document, version: version), ofUser: id)
      }
    }
    return found
  }

  /// The statement that reads users' versions and movement logs.
  enum ReadVersions: PreparedStatementName {}

  /// The user's data; with `lock`, their row locked for the rest of the transaction, so that
  /// changes to one user's data and plan happen one at a time.
  static func planningState(
    _ connection: DatabaseConnection, user: Int64, lock: Bool = false, taskRows: Bool = true, logger: Logger
  ) async throws -> PlanningState {
    guard
      let state = try await planningStates(
        connection, users: [user], lock: lock, taskRows: taskRows, logger: logger)[user]
    else {
      throw RecordError.notFound("user \(user)", "no such user")
    }
    return try state.get()
  }

  /// The data of each of `users` in one query (a worker's batch); a user whose stored data cannot
  /// be read has its error, so one damaged user does not hold up the others.
  /// With `taskRows` false, a state holds only the tasks its document still holds (written
  /// before tasks had rows of their own): what a change that touches one task reads.
  static func planningStates(
    _ connection: DatabaseConnection, users: [Int64], lock: Bool = false, taskRows: Bool = true,
    logger: Logger
  ) async throws -> [Int64: Result<PlanningState, any Error>] {
    var query: PostgresQuery = """
      SELECT id, name, scenario, time_zone, locale, \(unescaped: movementColumns)
      FROM herald_user WHERE id = ANY(\(users)) ORDER BY id
      """
    // Locked in the order of their ids, as rows come from the sort: two transactions that lock
    // several users (workers' batches) never wait for each other in a circle.
    if lock { query.sql += " FOR UPDATE" }
    // Read for every delivery batch and every change: prepared.
    let rows =
      lock
      ? try await connection.query(query, preparedAs: ReadLockedUsers.self, logger: logger)
      : try await connection.query(query, preparedAs: ReadUsers.self, logger: logger)
    var states: [Int64: Result<PlanningState, any Error>] = [:]
    var names: [Int64: String] = [:]
    for try await (id, name, scenario, zone, locale, last, answered, snoozed, day, delivered, acknowledged)
      in rows.map({
        try $0.decode((Int64, String, String, String, String, Date?, Bool, Date?, String?, Int, Int).self)
      })
    {
      names[id] = name
      states[id] = Result {
        try state(
          name: name, scenario: scenario, zone: zone, locale: locale,
          log: (last, answered, snoozed, day, delivered, acknowledged))
      }
    }
    guard taskRows else { return states }
    let read = try await tasks(connection, users: users, logger: logger)
    for (user, rows) in read.tasks {
      states[user] = states[user]?.map { state in
        var state = state
        state.tasks += rows
        return state
      }
    }
    for (user, problems) in read.problems {
      states[user] = states[user]?.map { state in
        var state = state
        state.problems += problems
        return state
      }
    }
    return states
  }

  /// The task rows of each of `users`, in their order; a user one of whose rows cannot be read
  /// has its error instead. `gapped`: the users whose positions do not run 0, 1, … (a task
  /// removed leaves a gap).
  static func tasks(_ connection: DatabaseConnection, users: [Int64], logger: Logger)
    async throws -> TasksRead
  {
    try await decodeTasks(
      connection.query(
        "SELECT user_id, position, id, body FROM user_task WHERE user_id = ANY(\(users)) ORDER BY user_id, position",
        logger: logger))
  }

  /// The rows of the tasks `named` for each user (those that exist: none has an id the rule
  /// refuses, `storedKey`), in their order; a row the reader refuses is kept with what can be
  /// read of it, and reported. Each (user, id) is one look-up of the key, however many users and ids there are.
  static func tasks(_ connection: DatabaseConnection, named: [Int64: Set<String>], logger: Logger)
    async throws -> TasksRead
  {
    let pairs = named.flatMap { user, ids in ids.compactMap(storedKey).map { (user, $0) } }
    return try await decodeTasks(
      connection.query(
        """
        SELECT t.user_id, t.position, t.id, t.body
        FROM unnest(\(pairs.map(\.0))::int8[], \(pairs.map(\.1))::text[]) AS named (user_id, id)
        JOIN user_task AS t ON t.user_id = named.user_id AND t.id = named.id
        ORDER BY t.user_id, t.position
        """, preparedAs: ReadNamedTasks.self, logger: logger))
  }

  /// Task rows as read: each user's tasks in their order, what could not be read whole of each
  /// user's rows, and the users whose positions do not run 0, 1, ….
  struct TasksRead {
    var tasks: [Int64: [TodoItem]] = [:]
    var problems: [Int64: [StoredProblem]] = [:]
    /// Meaningful only for a read of all a user's tasks (`tasks(_:users:logger:)`): a read of
    /// named tasks skips the others, so its positions never run 0, 1, ….
    var gapped: Set<Int64> = []
  }

  /// Task rows (user_id, position, id, body) decoded, by user, in the order of their positions: a
  /// row the reader refuses (written by an older release) is kept with what can be read of it and
  /// reported, never a reason to refuse the user.
  private static func decodeTasks<Rows: AsyncSequence>(_ rows: Rows) async throws -> TasksRead
  where Rows.Element == PostgresRow {
    var read = TasksRead()
    for try await row in rows {
      let (user, position, id, body) = try row.decode((Int64, Int32, String, String).self)
      let index = read.tasks[user]?.count ?? 0
      if position != index { read.gapped.insert(user) }
      let (task, problem) = ScenarioDocument.decodeStoredTask(body, id: id)
      read.tasks[user, default: []].append(task)
      if let problem { read.problems[user, default: []].append(problem) }
    }
    return read
  }

  /// The statement that reads named tasks (a worker's batch).
  enum ReadNamedTasks: PreparedStatementName {}

  /// The statements that read users' data, and that read a user's data to change it.
  enum ReadUsers: PreparedStatementName {}
  enum ReadLockedUsers: PreparedStatementName {}

  /// The movement log's columns of `herald_user`, as `MovementColumns` holds them.
  static let movementColumns = """
    movement_last_reminder_at, movement_last_answered, movement_snoozed_at, movement_progress_day,
    movement_delivered, movement_acknowledged
    """
  typealias MovementColumns = (
    last: Date?, answered: Bool, snoozed: Date?, day: String?, delivered: Int, acknowledged: Int
  )

  /// A user's data from their stored columns.
  static func state(name: String, scenario: String, zone: String, locale: String, log: MovementColumns)
    throws -> PlanningState
  {
    var state: PlanningState
    do { state = try ScenarioDocument.decodeStored(Data(scenario.utf8)) } catch {
      throw error.prefixed("stored user \(name)")
    }
    guard let language = Language(rawValue: locale) else {
      throw FieldError("stored user \(name).locale", "not de or en: \"\(locale)\"")
    }
    state.timeZone = try SystemZones.shared.zone(identifier: zone, field: "stored user \(name).timeZone")
    state.language = language
    state.movementLog = try movementLog(name: name, log)
    return state
  }

  /// A user's movement log from its columns.
  static func movementLog(name: String, _ log: MovementColumns) throws -> MovementLog {
    let (last, answered, snoozed, day, delivered, acknowledged) = log
    return try MovementLog.stored(
      lastReminderAt: last, answered: answered, snoozedAt: snoozed, progressDay: day, delivered: delivered,
      acknowledged: acknowledged, field: "stored user \(name).movementLog.progressDay")
  }
}
