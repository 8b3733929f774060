import GRDB
import HeraldCore

/// The tables whose rows carry a user-visible id, with the prefix of the ids Herald makes up.
enum IdentifiedTable: String {
  case focusBlock
  case task

  /// `b1`, `b2`, … for blocks; `t1`, `t2`, … for tasks.
  var prefix: String { self == .focusBlock ? "b" : "t" }

  /// How errors name a row: `block b9`, `task t9`.
  func subject(_ id: String) -> String { "\(self == .focusBlock ? "block" : "task") \(id)" }

  /// What is missing: `no such focus block`, `no such task`.
  var missing: String { self == .focusBlock ? "no such focus block" : "no such task" }
}

extension HeraldStore {
  /// Whether a row with this id exists.
  static func exists(_ id: String, in table: IdentifiedTable, _ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.rawValue) WHERE id = ?)", arguments: [id]) ?? false
  }

  /// Throws `task t9: no such task` unless the row exists.
  static func requireExisting(_ id: String, in table: IdentifiedTable, _ db: Database) throws {
    guard try exists(id, in: table, db) else { throw RecordError.notFound(table.subject(id), table.missing) }
  }

  /// Throws `task t9: already exists` when the id is taken.
  static func requireUnused(_ id: String, in table: IdentifiedTable, _ db: Database) throws {
    if try exists(id, in: table, db) { throw RecordError.alreadyExists(table.subject(id)) }
  }

  /// A short id not yet used: the prefix and one more than the largest number of a numbered id
  /// (`IdentifiedTable.next(after:)`), that id found through the table's index of them
  /// (`createNumberedIndexes`): the cost does not grow with the rows stored.
  ///
  /// Computed inside the inserting transaction, which SQLite serialises with every other
  /// writer, so two processes adding at once cannot pick the same id.
  static func nextID(in table: IdentifiedTable, _ db: Database) throws -> String {
    table.next(after: try String.fetchAll(db.cachedStatement(sql: table.largestNumbered)))
  }

  /// Indexes of the numbered ids (`IdentifiedTable.numberedCondition`), longest and then last
  /// first, so `nextID` reads one entry rather than every id.
  static func createNumberedIndexes(_ db: Database) throws {
    for table in [IdentifiedTable.focusBlock, .task] {
      try db.execute(
        sql: """
          CREATE INDEX \(table.numberedIndex) ON \(table.rawValue) (length(id), id)
          WHERE \(table.numberedCondition)
          """)
    }
  }

  /// The position after the last row, so a new row is listed last.
  static func nextPosition(in table: IdentifiedTable, _ db: Database) throws -> Int {
    (try Int.fetchOne(db, sql: "SELECT MAX(position) FROM \(table.rawValue)") ?? -1) + 1
  }
}
