import Foundation
import HeraldInterchange
import HeraldSystem
import NIOCore
import NIOHTTP1
import NIOPosix

/// The benchmark's webhook receiver: NIO's HTTP/1.1 server on loopback, answering 204 to every
/// request on its event loop and noting each `webhook-id` with when it arrived. It stands for a
/// receiver on another machine, so it is kept as cheap as a server can be: on the two cores every
/// queue shares, its CPU is taken from the queue it serves (a router and a task a request cost
/// 0.06 ms of CPU a delivery, over half of Herald's worker; `compare` prints what this one costs).
final class WebhookSinkServer: @unchecked Sendable {
  /// How the receiver answers: after `delay` (its round trip, a receiver across the internet),
  /// and with 429 and `Retry-After` while `overloadedUntil` lies ahead.
  struct Behaviour: Sendable {
    var delay: TimeInterval = 0
    var overloadedUntil: Date?
    var retryAfter: Int = 1
  }

  private let lock = NSLock()
  private var arrivals: [(id: String, at: Date)] = []
  private var refused = 0
  /// Requests read and not yet answered: what its clients have under way with it.
  private var open = 0
  private var behaviour = Behaviour()
  let port: Int
  let url: URL
  private var channel: (any Channel)?

  init(port: Int) async throws {
    self.port = port
    guard let url = URL(string: "http://127.0.0.1:\(port)/hook") else { throw BenchmarkFailure("bad port") }
    self.url = url
    channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { [self] channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(SinkHandler(sink: self))
        }
      }
      // Listening once bound: nothing to wait for.
      .bind(host: "127.0.0.1", port: port).get()
  }

  /// Notes a request; the answer it gets (nil: 204) and after how long.
  fileprivate func arrived(_ id: String) -> (overloaded: Int?, delay: TimeInterval) {
    let now = Date()
    return lock.withLock {
      open += 1
      if let until = behaviour.overloadedUntil, until > now {
        refused += 1
        return (behaviour.retryAfter, behaviour.delay)
      }
      arrivals.append((id, now))
      return (nil, behaviour.delay)
    }
  }

  /// A request was answered.
  fileprivate func answered() { lock.withLock { open -= 1 } }

  /// Requests under way with it now.
  var openCount: Int { lock.withLock { open } }

  /// Changes how the receiver answers from now on.
  func behave(_ change: (inout Behaviour) -> Void) { lock.withLock { change(&behaviour) } }

  /// Requests answered 429 since the last reset.
  var refusedCount: Int { lock.withLock { refused } }

  /// Deliveries that arrived more than once (the same `webhook-id`) since the last reset.
  var duplicates: Int {
    let ids = lock.withLock { arrivals.map(\.id) }
    return ids.count - Set(ids).count
  }

  var count: Int { lock.withLock { arrivals.count } }

  func reset() {
    lock.withLock {
      arrivals = []
      refused = 0
    }
  }

  /// The first and the last arrival since the last reset, nil before any.
  var span: (first: Date, last: Date)? {
    lock.withLock {
      guard let first = arrivals.first, let last = arrivals.last else { return nil }
      return (first.at, last.at)
    }
  }

  /// How late each first arrival was, sorted: arrival − the fire instant its `webhook-id` names.
  var lateness: [Double] {
    var first: [String: Date] = [:]
    for arrival in lock.withLock({ arrivals }) where first[arrival.id] == nil {
      first[arrival.id] = arrival.at
    }
    return first.compactMap { id, at in
      let parts = id.split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let fire = RFC3339.parse(String(parts[2])) else { return nil }
      return at.timeIntervalSince(fire)
    }.sorted()
  }

  /// Waits until `count` deliveries arrived or `seconds` passed; returns the seconds it waited.
  func wait(for count: Int, within seconds: Double) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    while self.count < count, start.duration(to: clock.now) < .seconds(seconds) {
      try await Task.sleep(for: .milliseconds(2))
    }
    return start.duration(to: clock.now).inSeconds
  }

  func stop() { channel?.close(promise: nil) }
}

/// One connection's requests: each answered 204 once it has been read whole, the connection kept
/// open unless the client asked to close it.
private final class SinkHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let sink: WebhookSinkServer
  private var id = ""
  private var keepAlive = true

  init(sink: WebhookSinkServer) { self.sink = sink }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      // A push names no webhook id: each device has an endpoint of its own.
      id = head.headers.first(name: "webhook-id") ?? head.uri
      keepAlive = head.isKeepAlive
    case .body:
      break
    case .end:
      let (overloaded, delay) = sink.arrived(id)
      var head = HTTPResponseHead(
        version: .http1_1, status: overloaded == nil ? .noContent : .tooManyRequests)
      if let overloaded {
        head.headers.add(name: "Retry-After", value: String(overloaded))
        head.headers.add(name: "Content-Length", value: "0")
      }
      let keepAlive = keepAlive
      let answer = { [self] in
        sink.answered()
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        if !keepAlive { context.close(promise: nil) }
      }
      if delay > 0 {
        // The round trip of a receiver far away, on the event loop: no thread waits.
        let bound = NIOLoopBound(answer, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(Int64(delay * 1000))) { bound.value() }
      } else {
        answer()
      }
    }
  }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
