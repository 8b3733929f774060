import Foundation
import HeraldCore
import HeraldInterchange

/// The `user_task` rows a change of a user's data writes: the tasks that differ from what the
/// rows held before at their position (a task added at the end writes one row; a task removed
/// moves every later one up), each as the document writes it.
struct TaskRows {
  /// Each row's user, and each kept id's: only in rows for many users (`append(_:of:)`).
  var users: [Int64] = []
  var keptUsers: [Int64] = []
  var ids: [String] = []
  var positions: [Int32] = []
  var bodies: [String] = []
  /// Whether rows of tasks not in `kept` go (some task was removed, or what the rows held is not
  /// known).
  var removing = false
  var kept: [String] = []

  /// No rows written.
  init() {}

  /// The rows that make the user's rows hold `tasks`, in that order, when they held `before`
  /// (`nil`: not known, so every row is written and any other goes).
  init(_ tasks: [TodoItem], before: [TodoItem]?, in zone: Zone) {
    for (index, task) in tasks.enumerated() {
      if let before, index < before.count, before[index] == task { continue }
      ids.append(task.id)
      positions.append(Int32(index))
      bodies.append(ScenarioDocument.encode(task, in: zone))
    }
    let current = Set(tasks.map(\.id))
    removing = before?.contains { !current.contains($0.id) } ?? true
    if removing { kept = tasks.map(\.id) }
  }

  /// Adds `rows` (of no user) as the rows of `user`.
  mutating func append(_ rows: TaskRows, of user: Int64) {
    users += repeatElement(user, count: rows.ids.count)
    ids += rows.ids
    positions += rows.positions
    bodies += rows.bodies
    keptUsers += repeatElement(user, count: rows.kept.count)
    kept += rows.kept
  }
}
