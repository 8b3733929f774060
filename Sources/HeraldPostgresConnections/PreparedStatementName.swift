import PostgresNIO
import Synchronization

/// The name of a statement a connection prepares once: PostgreSQL parses and plans it at its
/// first use on a connection, not at every call (for a short statement run thousands of times a
/// second, planning costs more than running it). PostgresNIO names a prepared statement by a
/// type, so each such statement has one: an empty enum conforming to this.
///
/// After five runs PostgreSQL may keep one generic plan for every value: prepare a statement only
/// when that plan is measured to be as good as the one made for the values.
///
/// The statement's SQL is the text of the first query run under the name; every later query
/// under it must have the same text (its values are bindings), which holds for a query written
/// at one place with interpolated values only. One whose text differs runs unprepared.
public protocol PreparedStatementName: Sendable {}

/// A query run as the prepared statement `Name`.
public struct PreparedQuery<Name: PreparedStatementName>: PostgresPreparedStatement {
  public typealias Row = PostgresRow

  public static var name: String { "herald." + String(describing: Name.self) }
  public static var sql: String { PreparedSQL.texts.withLock { $0[ObjectIdentifier(Name.self)] } ?? "" }

  public let bindings: PostgresBindings

  /// `query` as the statement `Name`; `nil` when the name's statement has other text.
  public init?(_ query: PostgresQuery) {
    let known = PreparedSQL.texts.withLock { texts in
      let key = ObjectIdentifier(Name.self)
      if texts[key] == nil { texts[key] = query.sql }
      return texts[key]
    }
    guard known == query.sql else { return nil }
    bindings = query.binds
  }

  public func makeBindings() -> PostgresBindings { bindings }

  public func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// The text of each prepared statement, by its name's type.
private enum PreparedSQL {
  public static let texts = Mutex<[ObjectIdentifier: String]>([:])
}
