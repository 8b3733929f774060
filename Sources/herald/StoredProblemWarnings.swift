import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// What the store holds but could not read whole, said on stderr by the commands that show or
/// write the data, one line each: the listing or backup goes on without it (it is never a reason
/// to refuse the rest), and the user learns which item to mend or remove.
enum StoredProblemWarnings {
  static func write(_ problems: [StoredProblem]) {
    for problem in problems {
      FileHandle.standardError.write(
        Data("warning: \(DisplayText.printable(problem.description, singleLine: true))\n".utf8))
    }
  }

  /// The problems `store` holds, said.
  static func write(of store: SQLiteStore) throws {
    write(try store.storedProblems())
  }
}
