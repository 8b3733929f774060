import Foundation
import GRDB
import HeraldContracts
import HeraldCore

extension SQLiteStore {
  /// Every focus block, in the order they were added (or imported).
  public func focusBlocks() throws -> [FocusBlock] {
    try read(Self.fetchFocusBlocks)
  }

  /// Adds a focus block and returns it; without an `id`, a short unused one (`b1`, `b2`, …).
  ///
  /// Throws a `FieldError` when the id is taken, the title is empty or too long, the end is not
  /// after the start, or a linked task does not exist; nothing is written then.
  @discardableResult
  public func addFocusBlock(
    id: String? = nil, title: String, start: Date, end: Date, taskIDs: [String] = []
  ) throws -> FocusBlock {
    try write { db in
      let blockID = try id ?? Self.nextID(in: .focusBlock, db)
      let block = FocusBlock(id: blockID, title: title, start: start, end: end, taskIDs: taskIDs)
      try Self.check(block, db)
      try Self.requireUnused(blockID, in: .focusBlock, db)
      try Self.insert(block, position: Self.nextPosition(in: .focusBlock, db), db)
      return block
    }
  }

  /// Adds a focus block as given (its id included), checked as the other `addFocusBlock` checks.
  @discardableResult
  public func addFocusBlock(_ block: FocusBlock) throws -> FocusBlock {
    try addFocusBlock(
      id: block.id, title: block.title, start: block.start, end: block.end, taskIDs: block.taskIDs)
  }

  /// Changes a focus block: `change` edits a copy, which is checked as `addFocusBlock` checks a
  /// new one, then stored. Returns the block as stored.
  @discardableResult
  public func updateFocusBlock(id: String, _ change: (inout FocusBlock) -> Void) throws -> FocusBlock {
    try write { db in
      guard let stored = try Self.fetchFocusBlock(id, db) else {
        throw RecordError.notFound(IdentifiedTable.focusBlock.subject(id), IdentifiedTable.focusBlock.missing)
      }
      let block = try RecordRules.edited(stored, change)
      try Self.check(block, db)
      try db.execute(
        sql: "UPDATE focusBlock SET title = ?, startsAt = ?, endsAt = ? WHERE id = ?",
        arguments: [
          StoredText.value(block.title), block.start.timeIntervalSince1970, block.end.timeIntervalSince1970,
          id,
        ])
      try db.execute(sql: "DELETE FROM focusBlockTask WHERE blockID = ?", arguments: [id])
      try Self.insertLinks(of: block, db)
      return block
    }
  }

  /// Removes a focus block and its task links (not the tasks).
  public func removeFocusBlock(id: String) throws {
    try write { db in
      try Self.requireExisting(id, in: .focusBlock, db)
      try db.execute(sql: "DELETE FROM focusBlock WHERE id = ?", arguments: [id])
    }
  }

  /// A block written by a command also links only tasks that exist.
  private static func check(_ block: FocusBlock, _ db: Database) throws {
    try RecordRules.check(block)
    // A link to a task that is not there is bad input (the block is refused), not a missing record.
    for taskID in block.taskIDs where try !exists(taskID, in: .task, db) {
      throw FieldError(IdentifiedTable.task.subject(taskID), IdentifiedTable.task.missing)
    }
  }

  static func fetchFocusBlocks(_ db: Database) throws -> [FocusBlock] {
    var links: [String: [String]] = [:]
    let linkRows = try Row.fetchCursor(
      db.cachedStatement(sql: "SELECT blockID, taskID FROM focusBlockTask ORDER BY blockID, position"))
    while let row = try linkRows.next() { links[row[0], default: []].append(row[1]) }
    var blocks: [FocusBlock] = []
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: "SELECT id, title, startsAt, endsAt FROM focusBlock ORDER BY position"))
    while let row = try rows.next() {
      let id: String = row[0]
      // A block an older release stored outside the accepted instants is left out (and reported).
      guard storedInstant(row[2]) != nil, storedInstant(row[3]) != nil else { continue }
      blocks.append(
        FocusBlock(
          id: id, title: StoredText.read(row, 1), start: Date(timeIntervalSince1970: row[2]),
          end: Date(timeIntervalSince1970: row[3]), taskIDs: links[id] ?? []))
    }
    return blocks
  }

  private static func fetchFocusBlock(_ id: String, _ db: Database) throws -> FocusBlock? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT title, startsAt, endsAt FROM focusBlock WHERE id = ?", arguments: [id])
    else { return nil }
    let taskIDs = try String.fetchAll(
      db, sql: "SELECT taskID FROM focusBlockTask WHERE blockID = ? ORDER BY position", arguments: [id])
    return FocusBlock(
      id: id, title: StoredText.read(row, 0), start: Date(timeIntervalSince1970: row[1]),
      end: Date(timeIntervalSince1970: row[2]), taskIDs: taskIDs)
  }

  /// Inserts with cached statements: an import of many blocks prepares each statement once.
  static func insert(_ block: FocusBlock, position: Int, _ db: Database) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT INTO focusBlock (id, position, title, startsAt, endsAt) VALUES (?, ?, ?, ?, ?)")
    try statement.execute(arguments: [
      block.id, position, StoredText.value(block.title), block.start.timeIntervalSince1970,
      block.end.timeIntervalSince1970,
    ])
    try insertLinks(of: block, db)
  }

  private static func insertLinks(of block: FocusBlock, _ db: Database) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT INTO focusBlockTask (blockID, position, taskID) VALUES (?, ?, ?)")
    for (position, taskID) in block.taskIDs.enumerated() {
      try statement.execute(arguments: [block.id, position, taskID])
    }
  }
}
