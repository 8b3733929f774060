import Foundation
import GRDB
import HeraldCore

extension SQLiteStore {
  /// What the file holds that its own reader refuses, as an older release could write it: a due
  /// date, a block's start or end outside the instants Herald accepts. Such a task is read without
  /// its due date, such a block is left out; neither stops the rest from being read.
  public func storedProblems() throws -> [StoredProblem] {
    try read(Self.fetchStoredProblems)
  }

  static func fetchStoredProblems(_ db: Database) throws -> [StoredProblem] {
    let low = Double(Validation.acceptedSeconds.lowerBound)
    let high = Double(Validation.acceptedSeconds.upperBound + 1)
    var problems: [StoredProblem] = []
    for row in try Row.fetchAll(
      db.cachedStatement(sql: "SELECT id, due FROM task WHERE due < ? OR due >= ? ORDER BY position"),
      arguments: [low, high])
    {
      problems.append(StoredProblem(kind: .task, id: row[0], problem: outside("due", row[1])))
    }
    for row in try Row.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT id, startsAt, endsAt FROM focusBlock
          WHERE startsAt < ? OR startsAt >= ? OR endsAt < ? OR endsAt >= ? ORDER BY position
          """),
      arguments: [low, high, low, high])
    {
      let startsInside = storedInstant(row[1]) != nil
      problems.append(
        StoredProblem(
          kind: .focusBlock, id: row[0],
          problem: outside(startsInside ? "end" : "start", row[startsInside ? 2 : 1]),
          leftOut: true))
    }
    return problems
  }

  /// A stored instant (seconds since 1970) inside the accepted instants; nil otherwise.
  static func storedInstant(_ seconds: Double?) -> Date? {
    guard let seconds, let date = try? Validation.instant(Date(timeIntervalSince1970: seconds), field: "")
    else {
      return nil
    }
    return date
  }

  private static func outside(_ field: String, _ seconds: Double) -> FieldError {
    FieldError(field, "\(seconds) s since 1970 is outside the instants Herald accepts")
  }
}
