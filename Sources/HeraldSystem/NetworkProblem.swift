import Foundation
import NIOCore
import NIOPosix

/// A system or NIO error as the system says it (`connection refused`), not as a Swift value: for
/// the database's connections and the webhooks' alike.
public enum NetworkProblem {
  public static func plain(_ error: any Error) -> String {
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
}
