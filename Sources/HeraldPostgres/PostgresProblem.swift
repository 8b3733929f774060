import Foundation
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

  /// A system or NIO error as the system says it (`connection refused`), not as a Swift value: for
  /// the database's connections and the worker's webhooks alike.
  public static func plain(_ error: any Error) -> String {
    if error is PSQLError { return describe(error) }
    if let error = error as? NIOConnectionError {
      if let first = error.connectionErrors.first { return plain(first.error) }
      return "could not connect to \(error.host):\(error.port)"
    }
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
    if let error = error as? ChannelError, case .connectTimeout(let after) = error {
      return "no connection within \(after.nanoseconds / 1_000_000) ms"
    }
    return "\(error)"
  }

  /// Whether `error` is the server refusing a duplicate of a unique key.
  static func isUniqueViolation(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
  }
}
