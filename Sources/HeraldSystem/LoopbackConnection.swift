import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1: what a test client or a load generator opens to a
/// server on this machine, before it sets its own timeouts or non-blocking mode.
public enum LoopbackConnection {
  /// A connected socket's descriptor (the caller closes it, once), or the problem in words.
  public static func open(port: Int) -> Result<Int32, EnvironmentError> {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else { return .failure(problem(port, "socket() failed: errno \(errno)")) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else {
        let reason = String(cString: strerror(errno))
        _ = Glibc.close(descriptor)
        return .failure(problem(port, reason))
      }
      return .success(descriptor)
    #else
      return .failure(problem(port, "needs Glibc"))
    #endif
  }

  private static func problem(_ port: Int, _ reason: String) -> EnvironmentError {
    EnvironmentError(tried: "connecting to 127.0.0.1:\(port)", problem: reason)
  }
}
