import Foundation
import HeraldCore
import HeraldInterchange
import HeraldStore
import PostgresNIO

extension PostgresStore {
  /// Adds a task to the user's data as `PlanningState.addTask` does, and plans its reminders from
  /// `now`, in one transaction — reading and writing only the user's document without their
  /// tasks, the task's row and its reminders' rows, so it costs the same with 10 tasks stored or
  /// 10 000. A task's reminders depend on nothing but the task and the user's settings and zone
  /// (`Planner.schedule(ofTask:in:now:)`), so the rest of the plan stands as it is.
  func addTask(ofUser user: Int64, id: String?, title: String, due: Date?, completed: Bool, now: Date)
    async throws -> TodoItem
  {
    try await transaction { connection in
      let document = try await Self.planningState(
        connection, user: user, lock: true, taskRows: false, logger: logger)
      guard document.tasks.isEmpty else {
        // Tasks still in the document: the whole change moves them to rows first.
        return try await Self.change(connection, user: user, document: document, now: now, logger: logger) {
          try $0.addTask(id: id, title: title, due: due, completed: completed)
        }
      }
      let used = id == nil ? try await Self.generatedTaskIDs(connection, user: user, logger: logger) : []
      let task = try PlanningState.newTask(
        id: id, title: title, due: due, completed: completed, idsInUse: used)
      let position = try await Self.nextTaskPosition(connection, user: user, logger: logger)
      Self.replans.increment()
      let (context, reminders) = Planner.schedule(ofTask: task, in: document, now: now)
      let plan = PlannedRows(reminders, in: context, owner: position)
      let rows = try await connection.query(
        """
        WITH plan AS (
          SELECT * FROM unnest(\(plan.identifiers)::text[], \(plan.fireDates)::timestamptz[], \(plan.kinds)::int2[],
            \(plan.owners)::int4[]) AS p (request_id, fire_at, kind, owner)),
        task AS (
          INSERT INTO user_task (user_id, id, position, body)
          VALUES (\(user), \(task.id), \(position), \(ScenarioDocument.encode(task, in: document.timeZone)))
          ON CONFLICT (user_id, id) DO NOTHING RETURNING id),
        saved AS (UPDATE herald_user SET version = version + 1 WHERE id = \(user)),
        added AS (\(unescaped: PlannedRows.insert(user: user))),
        woken AS (SELECT pg_notify(\(PostgresSchema.channel), '') WHERE \(unescaped: PlannedRows.earlierThanEveryPending))
        SELECT (SELECT count(*) FROM task), (SELECT count(*) FROM woken)
        """, logger: logger)
      for try await (added, _) in rows.decode((Int64, Int64).self) where added == 0 {
        // Taken: the transaction is rolled back, with the rows and the wake-up above.
        throw PlanningState.taskExists(task.id)
      }
      return task
    }
  }

  /// The user's task ids that an id made by `PlanningState.newTask` could take.
  static func generatedTaskIDs(_ connection: DatabaseConnection, user: Int64, logger: Logger) async throws
    -> [String]
  {
    let rows = try await connection.query(
      """
      SELECT id FROM user_task
      WHERE user_id = \(user) AND starts_with(id, \(PlanningState.generatedTaskIDPrefix))
      """, logger: logger)
    var ids: [String] = []
    for try await id in rows.decode(String.self) { ids.append(id) }
    return ids
  }

  /// The position after the user's last task: their rows' positions run 0, 1, … without gaps.
  static func nextTaskPosition(_ connection: DatabaseConnection, user: Int64, logger: Logger) async throws
    -> Int32
  {
    let rows = try await connection.query(
      "SELECT coalesce(max(position) + 1, 0) FROM user_task WHERE user_id = \(user)", logger: logger)
    for try await position in rows.decode(Int32.self) { return position }
    return 0
  }
}
