import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgresConnections
import PostgresNIO

extension PostgresStore {
  /// A user's data as a replan writes it (`replan(_:_:logger:)`): made from their
  /// `state`, replanned from `now`, with their task rows known to hold `tasksBefore` (`nil`: not
  /// known, so every row is written and any other goes); only what `changed` reads is replanned
  /// and only the tasks' rows are written when it holds them. Made before a group's write, so
  /// planning one user does not hold up the database's work for the others.
  struct UserReplan: Sendable {
    var plan: PlannedRows
    /// The kinds whose rows the change leaves alone (`PlanChange.kindsLeftAlone`).
    var leftAlone: [String]
    var document: String
    var zone: String
    var locale: String
    var now: Date
    var tasks: TaskRows
    var changed: PlanInputs

    init(_ state: PlanningState, now: Date, tasksBefore: [TodoItem]?, changed: PlanInputs) {
      let context = PlanningContext(state: state, now: now, limits: .unlimited)
      let change = Replanner.change(context, affectedBy: changed)
      plan = PlannedRows(change)
      leftAlone = change.kindsLeftAlone
      var stored = state
      stored.movementLog = nil
      stored.tasks = []
      document = ScenarioDocument.encode(stored)
      zone = state.timeZone.identifier
      locale = state.language.rawValue
      self.now = now
      self.changed = changed
      tasks =
        changed.contains(.tasks) ? TaskRows(state.tasks, before: tasksBefore, in: state.timeZone) : TaskRows()
    }
  }

  /// Replans one user: `replan(_:_:logger:)` with one.
  static func replan(
    _ connection: DatabaseConnection, user: Int64, state: PlanningState, now: Date, tasksBefore: [TodoItem]?,
    changed: PlanInputs = .all, logger: Logger
  ) async throws {
    try await replan(
      connection, [(user, UserReplan(state, now: now, tasksBefore: tasksBefore, changed: changed))],
      logger: logger)
  }

  /// Writes each user's data (their zone and locale with it, their tasks as rows — those that
  /// differ from what the rows held; the movement log has columns of its own), bumps their
  /// version, so open live pages notice, and reconciles their pending deliveries with the plan of
  /// their data at its `now` (the core's `Planner`, unlimited, in the user's zone and language).
  /// Pending rows after `now` the plan no longer has go, the plan's rows are added once (the
  /// unique key keeps a delivered one delivered); rows at or before `now` stay for a worker to
  /// deliver late or record as missed. When the plan's first row comes before every row that was
  /// pending, workers are woken.
  ///
  /// One statement for all the users (of different users), so one round trip whatever the plans'
  /// size: its parts see the tables as they were before it, which is what each needs — the rows
  /// to remove are disjoint from the rows to add, and a worker sleeping until a row removed here
  /// wakes before the plan's first row anyway. The caller holds the users' row locks.
  ///
  /// When only part of the data `changed` (not `.all`; the same for every user of one call), only
  /// the kinds that read it are replanned (`Replanner.change(_:affectedBy:)`): the other kinds'
  /// deliveries are left as they are, and so are the task rows, whatever `state.tasks` holds.
  static func replan(
    _ connection: DatabaseConnection, _ users: [(user: Int64, rows: UserReplan)], logger: Logger
  ) async throws {
    guard let changed = users.first?.rows.changed, let leftAlone = users.first?.rows.leftAlone else { return }
    precondition(users.allSatisfy { $0.rows.changed == changed }, "one call replans one part of the data")
    var plan = PlannedRows()
    var tasks = TaskRows()
    for (user, rows) in users {
      replans.increment()
      plan.append(rows.plan, of: user)
      tasks.append(rows.tasks, of: user)
    }
    // Prepared, the statement is planned once for any values (a generic plan) only where
    // PostgreSQL estimates that plan no dearer than one made for the values; not knowing the
    // arrays, it takes `input` for ten users, so for one user it would plan every time (0.6 ms of
    // its CPU, as long as running it). With `LIMIT 1` it knows a single user's statement has one.
    let alone = users.count == 1
    // Each user's task rows are found through the index on their id, as their deliveries are
    // (`PlannedRows.gone`).
    let query: PostgresQuery = """
      WITH plan AS (
        SELECT * FROM unnest(\(plan.users)::int8[], \(plan.identifiers)::text[], \(plan.fireDates)::timestamptz[],
          \(plan.kinds)::text[]) AS p (user_id, request_id, fire_at, kind)),
      input AS (
        SELECT * FROM unnest(\(users.map(\.user))::int8[], \(users.map(\.rows.document))::text[],
          \(users.map(\.rows.zone))::text[], \(users.map(\.rows.locale))::text[], \(users.map(\.rows.tasks.removing))::bool[],
          \(users.map(\.rows.now))::timestamptz[]) AS i (user_id, scenario, time_zone, locale, removing, since)
        \(unescaped: alone ? "LIMIT 1" : "")),
      saved AS (
        UPDATE herald_user AS u SET scenario = i.scenario, time_zone = i.time_zone, locale = i.locale,
          version = u.version + 1
        FROM input AS i WHERE u.id = i.user_id),
      kept_tasks AS (SELECT * FROM unnest(\(tasks.keptUsers)::int8[], \(tasks.kept)::text[]) AS k (user_id, id)),
      tasks_gone AS (
        DELETE FROM user_task AS t
        USING input AS i, LATERAL (
          SELECT o.id FROM user_task AS o WHERE i.removing AND o.user_id = i.user_id OFFSET 0) AS o
        WHERE t.user_id = i.user_id AND t.id = o.id
          AND NOT EXISTS (SELECT 1 FROM kept_tasks AS k WHERE k.user_id = t.user_id AND k.id = t.id)),
      tasks_put AS (
        INSERT INTO user_task (user_id, id, position, body)
        SELECT * FROM unnest(\(tasks.users)::int8[], \(tasks.ids)::text[], \(tasks.positions)::int4[],
          \(tasks.bodies)::text[])
        ON CONFLICT (user_id, id) DO UPDATE SET position = excluded.position, body = excluded.body),
      left_alone AS (SELECT \(leftAlone)::text[] AS kinds),
      gone AS (\(unescaped: PlannedRows.gone)),
      added AS (\(unescaped: PlannedRows.insert))
      SELECT pg_notify(\(PostgresSchema.channel), '') WHERE \(unescaped: PlannedRows.wakesWorkers)
      """
    let rows =
      alone
      ? try await connection.query(query, preparedAs: ReplanOne.self, logger: logger)
      : try await connection.query(query, preparedAs: Replan.self, logger: logger)
    for try await _ in rows {}
  }

  /// The statement that replans users. Planning it took a third of its time (0.5–0.9 ms of
  /// PostgreSQL's CPU a change, measured with `pg_stat_statements`). PostgreSQL keeps one generic
  /// plan for it only where it estimates that plan no dearer than those made for the values:
  /// measured, it did for users of the rich day (6 plans in 1 000 runs a connection) and went on
  /// planning for users of 10 000 tasks.
  enum Replan: PreparedStatementName {}
  enum ReplanOne: PreparedStatementName {}
}
