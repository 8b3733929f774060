import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP connection read line by line, with timeouts: what a client of a line protocol (gpsd's
/// JSON) needs, on plain POSIX sockets.
///
/// Blocking calls with timeouts: use it on a thread of its own, never in a task. One thread reads
/// at a time; another may send meanwhile (the kernel serialises the socket).
public final class LineSocket: @unchecked Sendable {
  /// A connection or read failed; the description says how, for a log line.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// What a read brought.
  public enum Read {
    /// Whole lines (without their line breaks; a `\r` before `\n` is dropped), in order; `nil`
    /// for a line longer than the limit, which was dropped.
    case lines([String?])
    /// Nothing arrived within the wait.
    case nothing
    /// The other side closed the connection.
    case closed
  }

  private let descriptor: Int32
  private var pending: [UInt8] = []
  private var discarding = false
  private let maximumLineLength: Int

  /// Connects to `host`:`port`, giving up after `timeout` seconds. Lines longer than
  /// `maximumLineLength` bytes are dropped.
  public init(host: String, port: UInt16, timeout: Double, maximumLineLength: Int) throws(Failure) {
    self.maximumLineLength = maximumLineLength
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &found)
    guard status == 0, let first = found else {
      throw Failure(description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(found) }
    var lastError = "no address"
    var address: UnsafeMutablePointer<addrinfo>? = first
    while let candidate = address {
      address = candidate.pointee.ai_next
      let socketDescriptor = socket(candidate.pointee.ai_family, candidate.pointee.ai_socktype, 0)
      guard socketDescriptor >= 0 else {
        lastError = String(cString: strerror(errno))
        continue
      }
      if let problem = Self.connect(
        socketDescriptor, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen, timeout)
      {
        close(socketDescriptor)
        lastError = problem
        continue
      }
      descriptor = socketDescriptor
      return
    }
    throw Failure(description: lastError)
  }

  deinit { close(descriptor) }

  /// Sends `text` whole.
  public func send(_ text: String) throws(Failure) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let sent = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        #else
          Darwin.send(descriptor, buffer.baseAddress, buffer.count, 0)
        #endif
      }
      guard sent > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
      bytes = bytes.dropFirst(sent)
    }
  }

  /// Waits up to `timeout` seconds for data and returns what it completes.
  public func read(timeout: Double) throws(Failure) -> Read {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, Int32(max(0, timeout * 1000)))
    if ready < 0 {
      if errno == EINTR { return .nothing }
      throw Failure(description: "poll failed: \(String(cString: strerror(errno)))")
    }
    guard ready > 0 else { return .nothing }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count == 0 { return .closed }
    guard count > 0 else {
      if errno == EINTR || errno == EAGAIN { return .nothing }
      throw Failure(description: "read failed: \(String(cString: strerror(errno)))")
    }
    return split(chunk[0..<count])
  }

  private func split(_ chunk: ArraySlice<UInt8>) -> Read {
    var lines: [String?] = []
    for byte in chunk {
      if byte == UInt8(ascii: "\n") {
        if discarding {
          discarding = false
          lines.append(nil)
        } else {
          if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
          lines.append(String(decoding: pending, as: UTF8.self))
        }
        pending.removeAll(keepingCapacity: true)
      } else if !discarding {
        pending.append(byte)
        if pending.count > maximumLineLength {
          discarding = true
          pending.removeAll(keepingCapacity: true)
        }
      }
    }
    return lines.isEmpty ? .nothing : .lines(lines)
  }

  /// A non-blocking connect bounded by `timeout`; the problem, or `nil` when connected.
  private static func connect(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, _ timeout: Double
  ) -> String? {
    let flags = fcntl(descriptor, F_GETFL, 0)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    #if canImport(Glibc)
      let started = Glibc.connect(descriptor, address, length)
    #else
      let started = Darwin.connect(descriptor, address, length)
    #endif
    if started == 0 { return nil }
    guard errno == EINPROGRESS else { return String(cString: strerror(errno)) }
    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return "no answer within \(timeout) s" }
    var problem: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &size)
    return problem == 0 ? nil : String(cString: strerror(problem))
  }
}
