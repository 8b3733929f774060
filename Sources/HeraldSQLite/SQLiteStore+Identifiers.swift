import GRDB
import HeraldContracts
import HeraldCore

extension IdentifiedTable {
  /// SQLite's condition for a numbered id in the column `id` (`number(of:)`'s rule, in GLOB).
  var numberedCondition: String {
    "id GLOB '\(prefix)[1-9]*' AND NOT id GLOB '\(prefix)*[^0-9]*' AND length(id) <= \(prefix.count + Self.maximumDigits)"
  }

  /// The SQLite index of the numbered ids (`SQLiteStore.createNumberedIndexes`).
  var numberedIndex: String { rawValue + "Numbered" }

  /// SQLite's query of the largest numbered id of this table, if any. Through the index of
  /// numbered ids by name: left to itself, SQLite reads every id after the prefix (the range
  /// GLOB gives on the primary key) and sorts them.
  var largestNumbered: String {
    "SELECT id FROM \(rawValue) INDEXED BY \(numberedIndex) WHERE \(numberedCondition) ORDER BY length(id) DESC, id DESC LIMIT 1"
  }
}

extension SQLiteStore {
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
