import Foundation
import HeraldCore
import HeraldContracts
import PostgresNIO

extension PostgresStore {
  /// Removes the task `id` as `PlanningState.removeTask` does (unlinked from every block), without
  /// reading or planning the user's other tasks: its row and its pending reminders go, and nothing
  /// else of the tasks — a task's reminders depend on nothing but the task, the settings and the
  /// zone (`Replanner.change(ofTask:in:now:)`), the later tasks keep their positions (which order
  /// the rows; a gap is left), and their reminders' rows name them by id. The blocks that linked it are replanned, with
  /// only the tasks they link read. Reading every task and replanning them all took 0.4 s and more
  /// with 10 000 stored, moving the later ones up a place 0.2 s; this costs the same whatever is
  /// stored.
  ///
  /// In one transaction holding the user's row lock, as every change of more than one task. A
  /// document that still holds its tasks (written before tasks had rows) is changed whole.
  func removeTask(ofUser user: Int64, id: String, now: Date) async throws {
    try await transaction { connection in
      let document = try await Self.planningState(
        connection, user: user, lock: true, taskRows: false, logger: logger)
      guard document.tasks.isEmpty else {
        return try await Self.change(connection, user: user, document: document, now: now, logger: logger) {
          try $0.removeTask(id: id)
        }
      }
      let linking = Set(document.focusBlocks.filter { $0.taskIDs.contains(id) }.flatMap(\.taskIDs))
      let read = try await Self.tasks(connection, named: [user: linking.union([id])], logger: logger)
      var state = document
      state.tasks = read.tasks[user] ?? []
      let removed = state.tasks.first { $0.id == id }
      // The rule on the tasks read: "no such task" when it is not among them.
      try state.removeTask(id: id)
      guard let removed else { return }
      // Its rows are found by the requests they name it by: nothing of it is planned.
      let requests = Replanner.change(removing: removed, from: document, now: now).requestsOfTheTask
      // Pending rows at or before `now` stay as the whole replan leaves them, for a worker (which
      // finds a task's reminder's task by id, so it withdraws this one's). The later tasks stay
      // where they are: positions order the rows, with gaps.
      try await connection.query(
        """
        WITH removed AS (DELETE FROM user_task WHERE user_id = \(user) AND id = \(id))
        DELETE FROM delivery
        WHERE user_id = \(user) AND status = 'pending' AND fire_at > \(now) AND request_id = ANY(\(requests)::text[])
        """, logger: logger)
      try await Self.replan(
        connection, user: user, state: state, now: now, tasksBefore: nil,
        changed: linking.isEmpty ? [] : .focusBlocks, logger: logger)
    }
  }
}
