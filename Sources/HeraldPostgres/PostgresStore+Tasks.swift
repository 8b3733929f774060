import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgresConnections
import PostgresNIO

extension PostgresStore {
  /// Adds a task to the user's data as `PlanningState.addTask` does, and plans its reminders from
  /// `now` — reading and writing only the user's document without their tasks, the task's row and
  /// its reminders' rows, so it costs the same with 10 tasks stored or 10 000. A task's reminders
  /// depend on nothing but the task and the user's settings and zone
  /// (`Replanner.change(ofTask:in:now:)`), so the rest of the plan stands as it is.
  ///
  /// No transaction held open, and one round trip when this process knows the user's document
  /// (`DocumentCache`), two when it reads it first: the write — the version bumped, the row and
  /// the reminders added, one statement — happens only while the version is still the one the
  /// document had and the task's id is free. When a change came between (another client's, or
  /// another process's), it tries once more holding the user's row lock from the read to the
  /// write, as every other change does. Changes of one user's tasks in this process take turns
  /// (`UserTurns`), so they do not make each other try again; other users' adds that come while
  /// one is written go together in the next write (`GroupedWrites`).
  func addTask(ofUser user: Int64, id: String?, title: String, due: Date?, completed: Bool, now: Date)
    async throws -> TodoItem
  {
    let draft = TaskDraft(id: id, title: title, due: due, completed: completed, now: now)
    return try await changeOfOneTask(ofUser: user, taskID: draft.id, now: now) {
      known, taken, alone, connection in
      try await addTask(draft, to: known, taken: taken, ofUser: user, alone: alone, connection)
    } whole: {
      try $0.addTask(id: draft.id, title: draft.title, due: draft.due, completed: draft.completed)
    }
  }

  /// A change of one task, as `addTask` and `updateTask` make it, in the user's turn: `attempt`
  /// with the user's document as this process knows it (or reads it now, without a lock, with
  /// whether `taskID` is taken), which writes nothing and returns nil when the user's version is
  /// no longer the document's; then once more holding the user's row lock from the read to the
  /// write (`alone`: the write is this transaction's, not a group's). A document that still
  /// holds its tasks (written before tasks had rows) takes `whole`, the change of all the user's
  /// data, which moves them to rows.
  private func changeOfOneTask<Value: Sendable>(
    ofUser user: Int64, taskID: String?, now: Date,
    _ attempt: (DocumentCache.Entry, _ taken: Bool, _ alone: Bool, DatabaseConnection) async throws -> Value?,
    whole: (inout PlanningState) throws -> Value
  ) async throws -> Value {
    // The turn before the connection: a waiting change holds none.
    try await turns.withTurn(of: user) {
      try await client.withConnection { connection in
        if let (known, taken) = try await knownDocument(connection, user: user, taskID: taskID),
          let value = try await attempt(known, taken, false, connection)
        {
          documents.store(known.afterWrite, ofUser: user)
          return value
        }
        documents.remove(user: user)
        let (value, written) = try await connection.withTransaction(logger: logger) { connection in
          let (document, version, taken) = try await Self.document(
            connection, user: user, taskID: taskID, lock: true, logger: logger)
          guard document.tasks.isEmpty else {
            let locked = try await Self.planningState(
              connection, user: user, lock: true, taskRows: false, logger: logger)
            let value = try await Self.change(
              connection, user: user, document: locked, now: now, logger: logger, whole)
            return (value, DocumentCache.Entry?.none)
          }
          let known = DocumentCache.Entry(document: document, version: version)
          guard let value = try await attempt(known, taken, true, connection) else {
            throw RecordError(.conflict, subject: "user \(user)", problem: "changed while locked")
          }
          return (value, known.afterWrite)
        }
        if let written { documents.store(written, ofUser: user) }
        return value
      }
    }
  }

  /// What `addTask` was asked to add.
  private struct TaskDraft: Sendable {
    var id: String?
    var title: String
    var due: Date?
    var completed: Bool
    var now: Date
  }

  /// The user's document and version as this process last knew them, or as read now (without a
  /// lock) with whether the task's id is taken; `nil` when their tasks are still in the document
  /// (the whole change is needed).
  private func knownDocument(_ connection: DatabaseConnection, user: Int64, taskID: String?) async throws
    -> (DocumentCache.Entry, taken: Bool)?
  {
    // A cached document cannot say whether the id is taken: the write checks it.
    if let known = documents.entry(ofUser: user) { return (known, false) }
    let (document, version, taken) = try await Self.document(
      connection, user: user, taskID: taskID, lock: false, logger: logger)
    guard document.tasks.isEmpty else { return nil }
    let known = DocumentCache.Entry(document: document, version: version)
    documents.store(known, ofUser: user)
    return (known, taken)
  }

  /// One try of `addTask` with the document `known`: `nil` when the user's data is no longer at
  /// its version, or the task's id was taken meanwhile. `taken`: the id is known to be taken.
  /// Unless `alone` (the user's row locked in this connection's transaction), the write goes
  /// with other users' adds that come meanwhile (`taskAdds`).
  private func addTask(
    _ draft: TaskDraft, to known: DocumentCache.Entry, taken: Bool, ofUser user: Int64, alone: Bool,
    _ connection: DatabaseConnection
  ) async throws -> TodoItem? {
    let document = known.document
    let used =
      draft.id == nil ? try await Self.largestNumberedTaskID(connection, user: user, logger: logger) : []
    let task = try PlanningState.newTask(
      id: draft.id, title: draft.title, due: draft.due, completed: draft.completed, idsInUse: used)
    if taken { throw PlanningState.taskExists(task.id) }
    Self.replans.increment()
    let add = TaskAdd(
      user: user, version: known.version, id: task.id,
      body: ScenarioDocument.encode(task, in: document.timeZone),
      change: Replanner.change(ofTask: task, in: document, now: draft.now))
    let logger = logger
    let write = { @Sendable adds in try await Self.addTasks(adds, connection, logger: logger) }
    let saved =
      alone ? try await write([add])[0] : try await taskAdds.write(add, on: connection.executor, write)
    return saved ? task : nil
  }

  /// A task to add to a user's rows, with its reminders, while their data is at `version`.
  struct TaskAdd: Sendable {
    var user: Int64
    var version: Int64
    var id: String
    var body: String
    /// The task's reminders.
    var change: PlanChange
  }

  /// Writes `adds` (of different users) in one statement: whether each was written. Nothing of
  /// an add is written unless its user's version is the one it was planned at and its id is
  /// free: the lock waits for a change under way and then sees its version.
  static func addTasks(_ adds: [TaskAdd], _ connection: DatabaseConnection, logger: Logger) async throws
    -> [Bool]
  {
    var plan = PlannedRows()
    for add in adds { plan.append(add.change, of: add.user) }
    // The users are locked in the order of their ids, as every statement that locks several does.
    // Each task goes after its user's last (positions order the rows; a task removed leaves a
    // gap); its reminders' rows name it by its id, in their request ids.
    let query: PostgresQuery = """
      WITH input AS (
        SELECT * FROM unnest(\(adds.map(\.user))::int8[], \(adds.map(\.version))::int8[], \(adds.map(\.id))::text[],
          \(adds.map(\.body))::text[]) AS i (user_id, version, id, body)),
      locked AS (
        SELECT u.id FROM herald_user AS u JOIN input AS i ON i.user_id = u.id
        WHERE u.version = i.version
          AND NOT EXISTS (SELECT 1 FROM user_task AS t WHERE t.user_id = i.user_id AND t.id = i.id)
        ORDER BY u.id FOR UPDATE OF u),
      saved AS (
        UPDATE herald_user AS u SET version = u.version + 1 FROM locked WHERE u.id = locked.id
        RETURNING u.id),
      task AS (
        INSERT INTO user_task (user_id, id, position, body)
        SELECT i.user_id, i.id,
          (SELECT coalesce(max(t.position) + 1, 0) FROM user_task AS t WHERE t.user_id = i.user_id), i.body
        FROM input AS i JOIN saved ON saved.id = i.user_id
        RETURNING user_id),
      plan AS (
        SELECT p.user_id, p.request_id, p.fire_at, p.kind
        FROM unnest(\(plan.users)::int8[], \(plan.identifiers)::text[], \(plan.fireDates)::timestamptz[],
          \(plan.kinds)::text[]) AS p (user_id, request_id, fire_at, kind)
        JOIN task ON task.user_id = p.user_id),
      added AS (\(unescaped: PlannedRows.insert)),
      woken AS (SELECT pg_notify(\(PostgresSchema.channel), '') WHERE \(unescaped: PlannedRows.wakesWorkers))
      SELECT array(SELECT id FROM saved), (SELECT count(*) FROM woken)
      """
    for try await row in try await connection.query(query, preparedAs: AddTasks.self, logger: logger) {
      let saved = Set(try row.decode(([Int64], Int64).self).0)
      return adds.map { saved.contains($0.user) }
    }
    return adds.map { _ in false }
  }

  /// The user's document (their data without task rows) and data version, and whether they have
  /// a task `taskID`.
  private static func document(
    _ connection: DatabaseConnection, user: Int64, taskID: String?, lock: Bool, logger: Logger
  ) async throws -> (PlanningState, version: Int64, taken: Bool) {
    var query: PostgresQuery = """
      SELECT name, scenario, time_zone, locale, version,
        EXISTS (SELECT 1 FROM user_task WHERE user_id = \(user) AND id = \(taskID.flatMap(storedKey)))
      FROM herald_user WHERE id = \(user)
      """
    if lock { query.sql += " FOR UPDATE" }
    let rows =
      lock
      ? try await connection.query(query, preparedAs: ReadLockedDocument.self, logger: logger)
      : try await connection.query(query, preparedAs: ReadDocument.self, logger: logger)
    for try await row in rows {
      let (name, scenario, zone, locale, version, taken) = try row.decode(
        (String, String, String, String, Int64, Bool).self)
      let state = try state(
        name: name, scenario: scenario, zone: zone, locale: locale, log: (nil, false, nil, nil, 0, 0))
      return (state, version, taken)
    }
    throw RecordError.notFound("user \(user)", "no such user")
  }

  /// Changes the task `id` as `PlanningState.updateTask` does and replans only its reminders: the
  /// task's row read and written, the rows of its reminders (the requests its kinds name it by)
  /// reconciled with its plan. What other kinds plan does not depend on tasks
  /// (`Replanner.change(ofTask:in:now:)`), so it costs the same however many tasks are stored.
  ///
  /// As `addTask` does: no transaction held open, the user's document as this process last knew
  /// it, and the write only while the user's version is the document's — two round trips (the
  /// task's row, the write) where a transaction took five. When a change came between, once more
  /// holding the user's row lock from the read to the write.
  func updateTask(ofUser user: Int64, id: String, now: Date, _ edit: (inout TodoItem) -> Void) async throws
    -> TodoItem
  {
    try await changeOfOneTask(ofUser: user, taskID: nil, now: now) { known, _, _, connection in
      try await Self.changeTask(id, in: known, ofUser: user, now: now, edit, connection, logger: logger)
    } whole: {
      try $0.updateTask(id: id, edit)
    }
  }

  /// One try of `updateTask` with the document `known`: `nil` when the user's data is no longer
  /// at its version.
  private static func changeTask(
    _ id: String, in known: DocumentCache.Entry, ofUser user: Int64, now: Date,
    _ edit: (inout TodoItem) -> Void,
    _ connection: DatabaseConnection, logger: Logger
  ) async throws -> TodoItem? {
    var found = false
    var alone = known.document
    for try await body in try await connection.query(
      "SELECT body FROM user_task WHERE user_id = \(user) AND id = \(storedKey(id))", logger: logger
    ).decode(String.self) {
      found = true
      // A task the reader refuses is kept with what can be read of it: an edit mends it.
      alone.tasks = [ScenarioDocument.decodeStoredTask(body, id: id).task]
    }
    // The rule on a state of this one task: the same checks and errors as with every task.
    let task = try alone.updateTask(id: id, edit)
    // Found, or `updateTask` threw "no such task".
    guard found else { throw RecordError.notFound("task \(id)", "no such task") }
    replans.increment()
    let change = Replanner.change(ofTask: task, in: known.document, now: now)
    let plan = PlannedRows(change)
    let requests = change.requestsOfTheTask
    // Nothing is written unless the version is the one known: the update waits for a change
    // under way and then sees its version.
    let query: PostgresQuery = """
      WITH saved AS (
        UPDATE herald_user SET version = version + 1 WHERE id = \(user) AND version = \(known.version)
        RETURNING id),
      plan AS (
        SELECT \(user)::int8 AS user_id, p.request_id, p.fire_at, p.kind
        FROM unnest(\(plan.identifiers)::text[], \(plan.fireDates)::timestamptz[], \(plan.kinds)::text[])
          AS p (request_id, fire_at, kind), saved),
      task AS (
        UPDATE user_task SET body = \(ScenarioDocument.encode(task, in: known.document.timeZone))
        WHERE user_id = \(user) AND id = \(task.id) AND EXISTS (SELECT 1 FROM saved)),
      gone AS (
        DELETE FROM delivery AS d
        WHERE d.user_id = \(user) AND d.status = 'pending' AND d.fire_at > \(now)
          AND d.request_id = ANY(\(requests)::text[]) AND EXISTS (SELECT 1 FROM saved)
          AND NOT EXISTS (SELECT 1 FROM plan AS p WHERE p.request_id = d.request_id AND p.fire_at = d.fire_at)),
      added AS (\(unescaped: PlannedRows.insert)),
      woken AS (SELECT pg_notify(\(PostgresSchema.channel), '') WHERE \(unescaped: PlannedRows.wakesWorkers))
      SELECT (SELECT count(*) FROM saved), (SELECT count(*) FROM woken)
      """
    // Not prepared: PostgreSQL's generic plan for it (which it takes after five runs) finds the
    // task's reminder rows among all the user's, so with 10 000 tasks stored it took twice as long.
    for try await row in try await connection.query(query, logger: logger) {
      return try row.decode((Int64, Int64).self).0 == 1 ? task : nil
    }
    return nil
  }

  /// `id` as the key of a stored row; `nil` when the rule refuses it (`Validation.identifier`), so
  /// that no row has it: such an id is looked up as none (bound as NULL, which equals nothing, or
  /// left out of a list), and the rule answers (a task added with it is refused, one changed is
  /// not found). PostgreSQL's text cannot hold a NUL: sent as a parameter, the statement would
  /// fail where nothing is to be found.
  static func storedKey(_ id: String) -> String? { try? Validation.identifier(id) }

  /// The user's largest numbered task id (`PlanningState.numberedTaskIDPattern`), if any: all
  /// `PlanningState.newTask` needs to make up the next. One entry of the index of them
  /// (`user_task_numbered`), however many tasks the user holds.
  static func largestNumberedTaskID(_ connection: DatabaseConnection, user: Int64, logger: Logger)
    async throws -> [String]
  {
    let rows = try await connection.query(
      largestNumberedTaskIDQuery(user: user), preparedAs: LargestNumberedTaskID.self, logger: logger)
    var ids: [String] = []
    for try await id in rows.decode(String.self) { ids.append(id) }
    return ids
  }

  static func largestNumberedTaskIDQuery(user: Int64) -> PostgresQuery {
    // The pattern written out, not bound: the index's condition is this very text.
    """
    SELECT id FROM user_task
    WHERE user_id = \(user) AND id ~ '\(unescaped: PlanningState.numberedTaskIDPattern)'
    ORDER BY length(id) DESC, id COLLATE "C" DESC LIMIT 1
    """
  }

  /// The statements that read a user's document and add a task.
  enum ReadDocument: PreparedStatementName {}
  enum ReadLockedDocument: PreparedStatementName {}
  enum AddTasks: PreparedStatementName {}
  enum LargestNumberedTaskID: PreparedStatementName {}
}
