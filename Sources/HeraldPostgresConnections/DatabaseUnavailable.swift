import Foundation
import PostgresNIO

/// The database cannot be reached now: connecting failed or the connection broke. Nothing was
/// done by the call that threw it (or, for a write whose connection broke mid-way, its
/// transaction was not committed); the same call can be tried again later. A server answers 503.
public struct DatabaseUnavailable: Error, CustomStringConvertible, Sendable {
  /// Why, in the words of the operating system or the server (never PostgresNIO's generic text).
  public var cause: String

  public init(cause: String) {
    self.cause = cause
  }

  public var description: String { "the database is unreachable: \(cause)" }

  /// Whether `error` means the connection, not the statement, failed.
  public static func isConnectionFailure(_ error: any Error) -> Bool {
    if error is DatabaseUnavailable { return true }
    guard let error = error as? PSQLError else { return error is ChannelError }
    switch error.code {
    case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
      return true
    case .server:
      // 57P01–57P03: the server is shutting down or starting up; 08xxx: connection exceptions.
      let state = error.serverInfo?[.sqlState] ?? ""
      return state.hasPrefix("57P") || state.hasPrefix("08")
    default:
      return false
    }
  }
}
