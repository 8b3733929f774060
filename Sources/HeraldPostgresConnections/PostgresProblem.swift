import Foundation
import HeraldSystem
import NIOCore
import NIOPosix
import PostgresNIO

/// PostgresNIO hides what the server said behind a generic description (so that values never
/// reach a log by accident); this gives the server's own message and code, or the connection's
/// trouble, in one line.
public enum PostgresProblem {
  public static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseUnavailable { return error.cause }
    guard let error = error as? PSQLError else { return plain(error) }
    if let message = error.serverInfo?[.message] {
      let code = error.serverInfo?[.sqlState].map { " (\($0))" } ?? ""
      return message + code
    }
    // The cause may be another PSQLError (a connection's failure wrapped in the call's): unwrap it
    // too, or its generic description reaches the log (seen in the 90 s outage test).
    if let underlying = error.underlying { return describe(underlying) }
    switch error.code {
    case .serverClosedConnection: return "the server closed the connection"
    case .clientClosedConnection:
      return "the connection was closed (a call took too long, or Herald is stopping)"
    case .uncleanShutdown: return "the connection ended without a proper goodbye"
    case .connectionError: return "could not connect"
    case .queryCancelled: return "the statement was cancelled"
    default: return "\(error.code)"
    }
  }

  /// A connection's trouble as the system says it (`NetworkProblem`); what the server said when
  /// it is the server's.
  public static func plain(_ error: any Error) -> String {
    error is PSQLError ? describe(error) : NetworkProblem.plain(error)
  }

  /// Whether `error` is the server refusing a duplicate of a unique key.
  public static func isUniqueViolation(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
  }
}
