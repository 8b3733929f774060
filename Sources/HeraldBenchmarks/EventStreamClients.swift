import Foundation
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Many open `/live/events` streams held by one thread: non-blocking sockets watched with `poll`,
/// so the benchmark's own side costs a descriptor and a few bytes per stream, not a thread. Counts
/// the events (`id:` lines) each stream has received and when the latest arrived.
final class EventStreamClients {
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private let port: Int
  private var descriptors: [Int32] = []
  /// Events seen per stream, and when the last one was read.
  private(set) var eventCounts: [Int] = []
  private(set) var lastArrivals: [ContinuousClock.Instant] = []
  /// The last bytes of each stream, so an `id:` split across two reads is still found.
  private var tails: [[UInt8]] = []
  private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)
  private static let marker = Array("\nid: ".utf8)

  init(port: Int) { self.port = port }

  deinit { closeAll() }

  var count: Int { descriptors.count }

  /// Opens `count` more streams in batches, each batch waiting for its streams' first event, so
  /// the server's accept queue never overflows (a dropped SYN would cost a second's retry).
  func open(_ count: Int, batch: Int = 100, timeout: Duration = .seconds(30)) throws {
    var opened = 0
    while opened < count {
      let size = min(batch, count - opened)
      let first = descriptors.count
      for _ in 0..<size { try openOne() }
      try waitUntil(timeout: timeout) { self.eventCounts[first...].allSatisfy { $0 >= 1 } }
      opened += size
    }
  }

  /// Reads whatever the streams have sent until `done` holds; throws after `timeout`.
  func waitUntil(timeout: Duration, _ done: () -> Bool) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var pollers = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    while !done() {
      guard clock.now < deadline else {
        let missing = eventCounts.filter { $0 == 0 }.count
        throw Failure("timed out; \(missing) of \(count) streams have had no event yet")
      }
      let ready = poll(&pollers, nfds_t(pollers.count), 100)
      guard ready >= 0 else { throw Failure("poll failed: errno \(errno)") }
      guard ready > 0 else { continue }
      let now = clock.now
      for index in pollers.indices where pollers[index].revents != 0 {
        pollers[index].revents = 0
        try drain(index, at: now)
      }
    }
  }

  /// Closes every stream once.
  func closeAll() {
    for descriptor in descriptors { _ = Glibc.close(descriptor) }
    descriptors = []
    eventCounts = []
    lastArrivals = []
    tails = []
  }

  private func openOne() throws {
    let descriptor: Int32
    switch LoopbackConnection.open(port: port) {
    case .success(let opened): descriptor = opened
    case .failure(let error): throw Failure("\(error) (raise ulimit -n?)")
    }
    let request = Array(
      "GET /live/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
    let written = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == request.count else {
      _ = Glibc.close(descriptor)
      throw Failure("cannot send the request")
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    descriptors.append(descriptor)
    eventCounts.append(0)
    lastArrivals.append(ContinuousClock.now)
    tails.append([])
  }

  /// Reads everything stream `index` has ready and counts its `id:` lines.
  private func drain(_ index: Int, at now: ContinuousClock.Instant) throws {
    while true {
      let count = readBuffer.withUnsafeMutableBytes { read(descriptors[index], $0.baseAddress, $0.count) }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
      guard count > 0 else { throw Failure("stream \(index) closed by the server") }
      let bytes = tails[index] + readBuffer[..<count]
      let found = Self.occurrences(of: Self.marker, in: bytes)
      if found > 0 {
        eventCounts[index] += found
        lastArrivals[index] = now
      }
      tails[index] = Array(bytes.suffix(Self.marker.count - 1))
    }
  }

  static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> Int {
    guard bytes.count >= pattern.count else { return 0 }
    var found = 0
    var index = 0
    while index <= bytes.count - pattern.count {
      if bytes[index] == pattern[0], Array(bytes[index..<index + pattern.count]) == pattern {
        found += 1
        index += pattern.count
      } else {
        index += 1
      }
    }
    return found
  }
}
