import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgresConnections
import PostgresNIO

extension PostgresStore {
  /// The user whose API token `secret` is (looked up by its SHA-256, the only form stored); `nil`
  /// when it is no valid token.
  ///
  /// Known from an earlier look-up while this process keeps its tokens current
  /// (`keepTokensCurrent()`).
  public func user(forToken secret: String) async throws -> HeraldUser? {
    let hash = AccessSecret.hash(secret)
    if let known = tokens.user(forHash: hash) { return known }
    let generation = tokens.generation
    let found = try await client.withConnection { connection in
      let query: PostgresQuery = try """
      SELECT \(unescaped: Self.userColumns) FROM herald_user
      WHERE id = (SELECT user_id FROM api_token WHERE secret_hash = \(hash))
      """
      // Prepared (its plan is two index look-ups whatever the hash).
      let rows = try await connection.query(query, preparedAs: UserForToken.self, logger: logger)
      return try await Self.users(rows).first
    }
    if let found { tokens.store(found, forHash: hash, since: generation) }
    return found
  }

  /// Lets `user(forToken:)` answer from what it looked up before, until cancelled: listens on
  /// `PostgresSchema.accountsChannel`, on which every change of a token or of a user's own
  /// columns notifies (migration v12's triggers), and forgets every token's user at each
  /// notification. When the connection is lost the cache is emptied and not used until listening
  /// again. Holds one connection.
  public func keepTokensCurrent() async throws {
    defer { tokens.forgetAll(listening: false) }
    let forget: @Sendable () -> Void = { [tokens] in tokens.forgetAll(listening: true) }
    try await client.listen(on: PostgresSchema.accountsChannel, began: forget) { _ in forget() }
  }

  enum UserForToken: PreparedStatementName {}

  /// The data of the user `user`, as the server's store interface; changes replan from `now()`.
  public func data(ofUser user: Int64, now: @escaping @Sendable () -> Date) -> PostgresUserData {
    PostgresUserData(store: self, user: user, now: now)
  }

  /// Applies `change` to the user's data in one transaction: the user's row locked, their data
  /// read, changed, written back and their deliveries replanned from `now`. When `change` throws,
  /// nothing is written.
  func changeData<Value: Sendable>(
    ofUser user: Int64, now: Date, _ change: (inout PlanningState) throws -> Value
  ) async throws -> Value {
    try await transaction { connection in
      let state = try await Self.planningState(
        connection, user: user, lock: true, taskRows: false, logger: logger)
      return try await Self.change(connection, user: user, document: state, now: now, logger: logger, change)
    }
  }

  /// Applies `change`, which changes only the part `touching` of the user's data and not their
  /// tasks (a focus block's, the movement schedule's, a route's), as `changeData` does — but
  /// reads only the task rows `linking` names in the user's document (the tasks a focus block
  /// will link, which the change checks exist), writes none, and replans only the kinds that
  /// read `touching` (`Replanner.change(_:affectedBy:)`): its cost does not grow with the tasks
  /// stored. A document still holding tasks (written before tasks had rows) is changed whole.
  func changeData<Value: Sendable>(
    ofUser user: Int64, now: Date, touching: PlanInputs, linking: (PlanningState) -> [String],
    _ change: (inout PlanningState) throws -> Value
  ) async throws -> Value {
    precondition(!touching.contains(.tasks), "a change of tasks writes their rows")
    return try await transaction { connection in
      let document = try await Self.planningState(
        connection, user: user, lock: true, taskRows: false, logger: logger)
      guard document.tasks.isEmpty else {
        return try await Self.change(
          connection, user: user, document: document, now: now, logger: logger, change)
      }
      let linked = try await Self.tasks(connection, named: [user: Set(linking(document))], logger: logger)
      var state = document
      state.tasks = linked.tasks[user] ?? []
      let value = try change(&state)
      assert(state.tasks == linked.tasks[user] ?? [], "a change apart from tasks changed a task")
      try await Self.replan(
        connection, user: user, state: state, now: now, tasksBefore: nil, changed: touching, logger: logger)
      return value
    }
  }

  /// `change` applied to the user whose row the caller locked and whose `document` (their data
  /// without task rows) it read.
  static func change<Value: Sendable>(
    _ connection: DatabaseConnection, user: Int64, document: PlanningState, now: Date, logger: Logger,
    _ change: (inout PlanningState) throws -> Value
  ) async throws -> Value {
    // Tasks still in the document (written before tasks had rows) have no rows yet: all are written.
    let before = document.tasks.isEmpty ? try await tasks(connection, users: [user], logger: logger) : nil
    var state = document
    let rows = before?.tasks[user] ?? []
    state.tasks += rows
    let value = try change(&state)
    // Rows are compared with the tasks at their index: rows with gaps (a task removed) are all
    // written again, 0, 1, ….
    let known = before.map { $0.gapped.isEmpty } ?? false
    try await replan(
      connection, user: user, state: state, now: now, tasksBefore: known ? rows : nil, logger: logger)
    return value
  }

  /// The user's data version: bumped by every change of their data.
  func version(ofUser user: Int64) async throws -> Int {
    try await client.withConnection { connection in
      for try await version in try await connection.query(
        "SELECT version FROM herald_user WHERE id = \(user)", logger: logger
      ).decode(Int64.self) {
        return Int(version)
      }
      throw RecordError.notFound("user \(user)", "no such user")
    }
  }
}
