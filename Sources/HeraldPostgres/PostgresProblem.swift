import PostgresNIO

/// PostgresNIO hides what the server said behind a generic description (so that values never
/// reach a log by accident); this gives the server's own message and code, or the connection's
/// trouble, in one line.
public enum PostgresProblem {
  public static func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] {
        let code = error.serverInfo?[.sqlState].map { " (\($0))" } ?? ""
        return message + code
      }
      if let underlying = error.underlying { return "\(underlying)" }
      return "\(error.code)"
    }
    return "\(error)"
  }

  /// Whether `error` is the server refusing a duplicate of a unique key.
  static func isUniqueViolation(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
  }
}
