import Foundation
import HeraldCore
import HeraldContracts
import PostgresNIO

extension PostgresStore {
  /// The data a worker decides `rows` with, for each of their users: the user's document (focus
  /// blocks, settings, zone, language, movement schedule and log) with only the tasks the rows
  /// name (`ReminderKind.taskID(inIdentifier:)`; a task that is gone is missing, and its row is
  /// withdrawn). A user whose stored data cannot be read — a damaged row of a task their rows name
  /// included — has its error; one that is gone is missing.
  ///
  /// What it reads does not grow with the tasks a user holds: every change bumps the user's
  /// version, and reading all their tasks again after each (what `planningStates(ofUsers:)`
  /// does) made a delivery after a task added cost as much as the user's whole list. The
  /// document is taken as this process knows it at the user's version (`documents`), and the
  /// rows' tasks are read in one query, each by its key.
  public func deliveryStates(for rows: [ClaimedDelivery]) async throws
    -> [Int64: Result<PlanningState, any Error>]
  {
    var named: [Int64: Set<String>] = [:]
    for row in rows {
      if let id = row.taskID {
        named[row.user, default: []].insert(id)
      } else if named[row.user] == nil {
        named[row.user] = []
      }
    }
    return try await client.withConnection { connection in
      var found = try await cachedStates(connection, ofUsers: Array(named.keys), taskRows: false)
      // A document that still holds its tasks (written before tasks had rows) has no task rows.
      let wanted = named.filter { user, ids in
        !ids.isEmpty && (try? found[user]?.get().tasks.isEmpty) == true
      }
      guard !wanted.isEmpty else { return found }
      let read = try await Self.tasks(connection, named: wanted, logger: logger)
      for (user, tasks) in read.tasks {
        found[user] = found[user]?.map { state in
          var state = state
          state.tasks = tasks
          return state
        }
      }
      return found
    }
  }

  /// The data `user`'s `rows` are decided with, as `deliveryStates(for:)` reads it.
  public func deliveryState(ofUser user: Int64, for rows: [ClaimedDelivery]) async throws -> PlanningState {
    guard let state = try await deliveryStates(for: rows)[user] else {
      throw RecordError.notFound("user \(user)", "no such user")
    }
    return try state.get()
  }
}
