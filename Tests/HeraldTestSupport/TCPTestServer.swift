import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP server on 127.0.0.1 for tests: a peer that speaks a line protocol the way a test
/// scripts it (a gpsd that sends garbage, then closes), or a relay in front of a real server
/// that records what the client sent.
public final class TCPTestServer: @unchecked Sendable {
  /// One accepted connection.
  public final class Connection: @unchecked Sendable {
    public let descriptor: Int32
    private var pending: [UInt8] = []
    /// The client closed its side (or the connection failed).
    public private(set) var isClosed = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Sends `text` (ignoring a peer that has gone).
    public func send(_ text: String) {
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes {
          Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent > 0 else { return }
        offset += sent
      }
    }

    /// The next line the client sent, waiting up to `timeout` seconds; `nil` on timeout or close.
    public func readLine(timeout: Double) -> String? {
      let deadline = Date().addingTimeInterval(timeout)
      while true {
        if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          defer { pending.removeSubrange(...newline) }
          return String(decoding: pending[..<newline], as: UTF8.self)
        }
        guard receive(until: deadline) else { return nil }
      }
    }

    /// The next `count` bytes the client sent, waiting up to `timeout` seconds; `nil` on timeout
    /// or close.
    public func read(count: Int, timeout: Double) -> [UInt8]? {
      let deadline = Date().addingTimeInterval(timeout)
      while pending.count < count {
        guard receive(until: deadline) else { return nil }
      }
      defer { pending.removeFirst(count) }
      return Array(pending[..<count])
    }

    /// Adds what the client sends next to `pending`; false on timeout or close.
    private func receive(until deadline: Date) -> Bool {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(left * 1000)) > 0 else { return false }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else {
        isClosed = true
        return false
      }
      pending += chunk[0..<count]
      return true
    }

    public func close() { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
  }

  public let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var open: [Connection] = []
  private var stopped = false
  /// Signalled when the accepting thread has returned: only then may the listener's descriptor be
  /// closed, or a thread still in `accept` could take connections meant for a socket that reuses
  /// the number.
  private let acceptEnded = DispatchSemaphore(value: 0)

  /// Listens on 127.0.0.1 (a free port unless `port` is given) and runs `handle` for each
  /// connection on a thread of its own; the connection is closed when `handle` returns.
  public init(port: UInt16 = 0, handle: @escaping @Sendable (Connection, Int) -> Void) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    listener = descriptor
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 16) == 0 else {
      Glibc.close(descriptor)
      throw SessionBus.Failure("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
    }
    self.port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in
      defer { acceptEnded.signal() }
      var number = 0
      while true {
        let accepted = accept(descriptor, nil, nil)
        guard accepted >= 0 else {
          if errno == EINTR { continue }
          return
        }
        number += 1
        let connection = Connection(descriptor: accepted)
        let keep = lock.withLock {
          if !stopped { open.append(connection) }
          return !stopped
        }
        guard keep else {
          Glibc.close(accepted)
          return
        }
        let index = number
        Thread.detachNewThread {
          handle(connection, index)
          connection.close()
        }
      }
    }
  }

  /// Stops accepting and closes every connection. Once it returns, nothing of the server's
  /// accepts any more. Calling it again does nothing.
  public func stop() {
    let (connections, first) = lock.withLock {
      defer { stopped = true }
      return (open, !stopped)
    }
    guard first else { return }
    // On Linux, shutting a listening socket down wakes a thread blocked in `accept`.
    Glibc.shutdown(listener, Int32(SHUT_RDWR))
    acceptEnded.wait()
    Glibc.close(listener)
    for connection in connections { connection.close() }
  }

  /// A port nothing listens on right now (bound, then released).
  public static func freePort() throws -> UInt16 {
    let server = try TCPTestServer { _, _ in }
    defer { server.stop() }
    return server.port
  }
}
