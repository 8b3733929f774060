import Foundation
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#endif

/// HTTP/1.1 over a plain socket to 127.0.0.1, with every header as given (`Host` included, which
/// higher-level clients set themselves), and a stream of lines for server-sent events.
public final class RawHTTPClient: @unchecked Sendable {
  public struct Response: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: String

    public func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// Set once the descriptor is closed: closing a number twice could close a socket that another
  /// part of the process (an event loop of the server under test) has since been given.
  private let closed = Locked(false)

  /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds without data.
  public init(port: Int, timeout: Double = 10) throws {
    #if canImport(Glibc)
      switch LoopbackConnection.open(port: port) {
      case .success(let opened): descriptor = opened
      case .failure(let error): throw Failure("\(error)")
      }
      var seconds = timeval(
        tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
      setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
    #else
      throw Failure("RawHTTPClient needs Glibc")
    #endif
  }

  deinit { close() }

  /// Closes the connection; calling it again (or the deinitializer after it) does nothing.
  public func close() {
    var first = false
    closed.update { wasClosed in
      first = !wasClosed
      wasClosed = true
    }
    guard first else { return }
    #if canImport(Glibc)
      _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
      _ = Glibc.close(descriptor)
    #endif
  }

  /// Sends a request; `Content-Length` is added for a body.
  public func send(
    _ method: String, _ path: String, headers: [(String, String)], body: String? = nil
  ) throws {
    var text = "\(method) \(path) HTTP/1.1\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + (body ?? "")
    try sendBytes(Array(text.utf8))
  }

  /// Sends `bytes` as they are: a body's next piece, a chunk of a chunked body.
  public func sendBytes(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else { throw Failure("write failed") }
      sent += written
    }
  }

  /// One request and its whole response (which must carry `Content-Length`).
  public func request(
    _ method: String, _ path: String, headers: [(String, String)], body: String? = nil
  ) throws -> Response {
    try send(method, path, headers: headers + [("Connection", "close")], body: body)
    return try readResponse()
  }

  /// The next response, whole (it must carry `Content-Length`).
  public func readResponse() throws -> Response {
    let (status, responseHeaders) = try readHead()
    let length = Int(responseHeaders.first { $0.name.lowercased() == "content-length" }?.value ?? "0") ?? 0
    let body = try readBytes(length)
    return Response(status: status, headers: responseHeaders, body: String(decoding: body, as: UTF8.self))
  }

  /// One request on a connection of its own, run on a thread of its own: the socket blocks, and a
  /// blocked task would hold one of the few threads the server under test needs to answer.
  public static func request(
    port: Int, _ method: String, _ path: String, headers: [(String, String)], body: String? = nil
  ) async throws -> Response {
    try await offThePool { try RawHTTPClient(port: port).request(method, path, headers: headers, body: body) }
  }

  /// One JSON API request to 127.0.0.1:`port` with `token` as its bearer token (`request`).
  public static func api(
    port: Int, token: String, _ method: String, _ path: String, _ body: String? = nil
  ) async throws -> Response {
    try await request(
      port: port, method, path,
      headers: [
        ("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)"),
        ("Content-Type", "application/json"),
      ], body: body)
  }

  /// Runs blocking `work` on a thread of its own.
  public static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
  }

  /// The status line and headers of a response.
  public func readHead() throws -> (status: Int, headers: [(name: String, value: String)]) {
    guard let statusLine = try readLine(),
      let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
    else { throw Failure("no status line") }
    var headers: [(name: String, value: String)] = []
    while let line = try readLine(), !line.isEmpty {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 {
        headers.append((String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)))
      }
    }
    return (status, headers)
  }

  /// The next line (without CRLF or LF); `nil` at the end of the stream or on timeout.
  public func readLine() throws -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(buffer[..<newline])
        buffer.removeFirst(newline + 1)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }
      guard try fill() else { return nil }
    }
  }

  /// Reads lines of a chunked body, dropping the chunk-size lines: for an event stream.
  public func readEventLine() throws -> String? {
    while let line = try readLine() {
      // Chunk headers are hexadecimal lengths; event lines are never pure hex digits of this form.
      if !line.isEmpty, line.allSatisfy(\.isHexDigit) { continue }
      return line
    }
    return nil
  }

  private func readBytes(_ count: Int) throws -> [UInt8] {
    while buffer.count < count { guard try fill() else { break } }
    let taken = Array(buffer.prefix(count))
    buffer.removeFirst(taken.count)
    return taken
  }

  private func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    buffer += chunk[..<count]
    return true
  }
}
