import Foundation
import GRDB
import HeraldContracts
import HeraldCore

extension SQLiteStore {
  /// Every task, in the order they were added (or imported).
  public func tasks() throws -> [TodoItem] {
    try read { try Self.fetchTasks($0) }
  }

  /// Adds an open task and returns it; without an `id`, a short unused one (`t1`, `t2`, …).
  ///
  /// Throws a `FieldError` when the id is taken or the title is empty or too long.
  @discardableResult
  public func addTask(id: String? = nil, title: String, due: Date? = nil, completed: Bool = false) throws
    -> TodoItem
  {
    try add(id: id) { TodoItem(id: $0, title: title, due: due, completed: completed) }
  }

  /// Adds a task as given (its id and done flag included), checked as the other `addTask` checks.
  @discardableResult
  public func addTask(_ task: TodoItem) throws -> TodoItem {
    try add(id: task.id) { _ in task }
  }

  private func add(id: String?, _ make: (String) -> TodoItem) throws -> TodoItem {
    try write { db in
      let task = make(try id ?? Self.nextID(in: .task, db))
      try RecordRules.check(task)
      try Self.requireUnused(task.id, in: .task, db)
      try Self.insert(task, position: Self.nextPosition(in: .task, db), db)
      return task
    }
  }

  /// Changes a task: `change` edits a copy, which is checked as `addTask` checks a new one, then
  /// stored. Returns the task as stored.
  @discardableResult
  public func updateTask(id: String, _ change: (inout TodoItem) -> Void) throws -> TodoItem {
    try write { db in
      guard let stored = try Self.fetchTask(id, db) else {
        throw RecordError.notFound(IdentifiedTable.task.subject(id), IdentifiedTable.task.missing)
      }
      let task = try RecordRules.edited(stored, change)
      try RecordRules.check(task)
      try db.execute(
        sql: "UPDATE task SET title = ?, due = ?, completed = ? WHERE id = ?",
        arguments: [StoredText.value(task.title), task.due?.timeIntervalSince1970, task.completed, id])
      return task
    }
  }

  /// Marks a task done, which ends its due-date reminders. Done twice is still done.
  @discardableResult
  public func completeTask(id: String) throws -> TodoItem {
    try updateTask(id: id) { $0.completed = true }
  }

  /// Removes a task, and its links from focus blocks: a block never names a task that is gone.
  public func removeTask(id: String) throws {
    try write { db in
      try Self.requireExisting(id, in: .task, db)
      try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [id])
      // Positions only order a block's links, so the gap left behind needs no renumbering.
      try db.execute(sql: "DELETE FROM focusBlockTask WHERE taskID = ?", arguments: [id])
    }
  }

  /// Every task, or with `ids` only those of them that exist, in their order.
  static func fetchTasks(_ db: Database, ids: Set<String>? = nil) throws -> [TodoItem] {
    var tasks: [TodoItem] = []
    if let ids, ids.isEmpty { return [] }
    let filter = ids.map { "WHERE id IN (\(databaseQuestionMarks(count: $0.count)))" } ?? ""
    let sql = "SELECT id, title, due, completed FROM task \(filter) ORDER BY position"
    // Every task: the plan's read, kept prepared; a list of ids is prepared for its count.
    let rows = try Row.fetchCursor(
      ids == nil ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql),
      arguments: StatementArguments(ids.map(Array.init) ?? []))
    while let row = try rows.next() {
      let due: Double? = row[2]
      tasks.append(
        TodoItem(id: row[0], title: StoredText.read(row, 1), due: storedInstant(due), completed: row[3]))
    }
    return tasks
  }

  private static func fetchTask(_ id: String, _ db: Database) throws -> TodoItem? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT title, due, completed FROM task WHERE id = ?", arguments: [id])
    else { return nil }
    let due: Double? = row[1]
    return TodoItem(id: id, title: StoredText.read(row, 0), due: storedInstant(due), completed: row[2])
  }

  static func insert(_ task: TodoItem, position: Int, _ db: Database) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT INTO task (id, position, title, due, completed) VALUES (?, ?, ?, ?, ?)")
    try statement.execute(arguments: [
      task.id, position, StoredText.value(task.title), task.due?.timeIntervalSince1970, task.completed,
    ])
  }
}
