import Foundation
import HeraldCore

/// The record rules of a user's data, applied to the data held whole as a `PlanningState` (the
/// PostgreSQL engine keeps each user's data as one document): the same checks (`RecordRules.check`,
/// the core's `Validation`) and the same errors as the SQLite store's methods, so both engines
/// answer a request alike. Each method changes nothing when it throws.
extension PlanningState {
  /// Adds a focus block; without an `id`, the next unused `b1`, `b2`, …
  public mutating func addFocusBlock(
    id: String?, title: String, start: Date, end: Date, taskIDs: [String]
  ) throws -> FocusBlock {
    let block = FocusBlock(
      id: id ?? IdentifiedTable.focusBlock.next(after: focusBlocks.map(\.id)), title: title, start: start,
      end: end, taskIDs: taskIDs)
    try checkLinks(block)
    if focusBlocks.contains(where: { $0.id == block.id }) {
      throw RecordError.alreadyExists(IdentifiedTable.focusBlock.subject(block.id))
    }
    focusBlocks.append(block)
    return block
  }

  /// Changes the block `id` as `change` edits it, checked as a new one is.
  public mutating func updateFocusBlock(id: String, _ change: (inout FocusBlock) -> Void) throws -> FocusBlock
  {
    let index = try position(of: id, in: focusBlocks, .focusBlock)
    let block = try RecordRules.edited(focusBlocks[index], change)
    try checkLinks(block)
    focusBlocks[index] = block
    return block
  }

  /// Removes the block `id`.
  public mutating func removeFocusBlock(id: String) throws {
    focusBlocks.remove(at: try position(of: id, in: focusBlocks, .focusBlock))
  }

  /// Adds a task; without an `id`, the next unused `t1`, `t2`, …
  public mutating func addTask(id: String?, title: String, due: Date?, completed: Bool) throws -> TodoItem {
    let task = try Self.newTask(
      id: id, title: title, due: due, completed: completed, idsInUse: id == nil ? tasks.map(\.id) : [])
    if tasks.contains(where: { $0.id == task.id }) { throw Self.taskExists(task.id) }
    tasks.append(task)
    return task
  }

  /// The task `addTask` adds, checked; without an `id`, the next one after `idsInUse` (only
  /// those matching `numberedTaskIDPattern` matter, and only the largest of them). For a store that keeps tasks as
  /// rows of their own and checks an id's uniqueness itself (`taskExists` when it is taken).
  public static func newTask(id: String?, title: String, due: Date?, completed: Bool, idsInUse: [String])
    throws -> TodoItem
  {
    let task = TodoItem(
      id: id ?? IdentifiedTable.task.next(after: idsInUse), title: title, due: due, completed: completed)
    try RecordRules.check(task)
    return task
  }

  /// A task id `newTask` could make up, as a POSIX regular expression (PostgreSQL's `~`):
  /// `IdentifiedTable.number(of:)`'s rule. `newTask` needs only the largest of `idsInUse` so.
  public static let numberedTaskIDPattern =
    "^\(IdentifiedTable.task.prefix)[1-9][0-9]{0,\(IdentifiedTable.maximumDigits - 1)}$"

  /// The error of a task added with an id already taken.
  public static func taskExists(_ id: String) -> RecordError {
    .alreadyExists(IdentifiedTable.task.subject(id))
  }

  /// Changes the task `id` as `change` edits it, checked as a new one is.
  public mutating func updateTask(id: String, _ change: (inout TodoItem) -> Void) throws -> TodoItem {
    let index = try position(of: id, in: tasks, .task)
    let task = try RecordRules.edited(tasks[index], change)
    try RecordRules.check(task)
    tasks[index] = task
    return task
  }

  /// Removes the task `id` and its links from focus blocks: a block never names a task that is gone.
  public mutating func removeTask(id: String) throws {
    tasks.remove(at: try position(of: id, in: tasks, .task))
    for index in focusBlocks.indices { focusBlocks[index].taskIDs.removeAll { $0 == id } }
  }

  /// Adds `route`, or replaces the route with its id in place.
  public mutating func importRoute(_ route: Route) throws -> RouteImport {
    try RecordRules.check(route)
    var list = routes ?? []
    defer { routes = list }
    if let index = list.firstIndex(where: { $0.id == route.id }) {
      list[index] = route
      return .replaced
    }
    list.append(route)
    return .added
  }

  /// Removes the route `id`.
  public mutating func removeRoute(id: String) throws {
    guard let index = routes?.firstIndex(where: { $0.id == id }) else {
      throw RecordError.notFound("route \(id)", "no such route")
    }
    routes?.remove(at: index)
  }

  /// A block obeys the rules of every stored block and links only tasks that exist.
  private func checkLinks(_ block: FocusBlock) throws {
    try RecordRules.check(block)
    // A link to a task that is not there is bad input (the block is refused), not a missing record.
    for taskID in block.taskIDs where !tasks.contains(where: { $0.id == taskID }) {
      throw FieldError(IdentifiedTable.task.subject(taskID), IdentifiedTable.task.missing)
    }
  }

  private func position<T: Identifiable<String>>(of id: String, in list: [T], _ table: IdentifiedTable) throws
    -> Int
  {
    guard let index = list.firstIndex(where: { $0.id == id }) else {
      throw RecordError.notFound(table.subject(id), table.missing)
    }
    return index
  }
}
