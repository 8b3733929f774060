import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A D-Bus operation failed: the library's negative errno, or the error a peer answered with.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was attempted: `calling org.freedesktop.Notifications.Notify`.
  public var operation: String
  /// The errno (positive), when the library reported one.
  public var code: Int32
  /// The D-Bus error name a peer answered with (`org.freedesktop.DBus.Error.ServiceUnknown`).
  public var name: String?
  public var message: String?

  public init(_ operation: String, code: Int32, name: String? = nil, message: String? = nil) {
    self.operation = operation
    self.code = code < 0 ? -code : code
    self.name = name
    self.message = message
  }

  public var description: String {
    if let name { return "\(operation): \(name)" + (message.map { ": \($0)" } ?? "") }
    return "\(operation): \(String(cString: strerror(code)))"
  }

  /// Whether the connection itself is gone (the bus stopped or dropped it), rather than one call.
  public var isDisconnection: Bool {
    name == nil && [ECONNRESET, ENOTCONN, EPIPE, ESHUTDOWN, ECONNREFUSED, ENOENT].contains(code)
  }
}
