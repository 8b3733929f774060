import AsyncHTTPClient
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldSystem
import Logging
import NIOCore
import ServiceLifecycle

/// `herald run --server URL --token T`: shows the deliveries of the token's user on a server for
/// many users, as the workers make them, through this machine's sinks.
///
/// It follows the user's delivery stream (`GET /api/v1/deliveries/events`) and records the number
/// of each delivery shown in the local store, so after a lost connection or a restart it resumes
/// with `Last-Event-ID`: nothing missed, nothing shown twice. One that comes back more than the
/// grace window after its time is not shown, as the daemon records such a reminder missed. A
/// refusal (4xx: a token that is not valid, a server without streams) ends it with that error; a
/// lost connection or a server error (5xx, as from a proxy while the server restarts) is said once
/// and tried again, 1 s later, then up to every 30 s.
///
/// The stream is read with AsyncHTTPClient: a cancelled task (SIGTERM) ends its request at once,
/// and its read timeout bounds the silence between bytes. (FoundationNetworking's URLSession, used
/// before, sometimes kept a desktop from ending on SIGTERM under load, and once spun.)
public struct ServerDeliveryFeed: Service {
  let server: URL
  let token: String
  let store: SQLiteStore
  let sinks: [any DeliverySink]
  let clock: any HeraldClock
  let policy: DeliveryPolicy
  let logger: Logger
  /// With no byte for this long the connection counts as lost (the server's keepalives come
  /// every 15 s).
  var idleTimeout: TimeInterval = 45

  public init(
    server: URL, token: String, store: SQLiteStore, sinks: [any DeliverySink], clock: any HeraldClock,
    policy: DeliveryPolicy, logger: Logger
  ) {
    self.server = server
    self.token = token
    self.store = store
    self.sinks = sinks
    self.clock = clock
    self.policy = policy
    self.logger = logger
  }

  public func run() async throws {
    for sink in sinks { await sink.resume() }
    var configuration = HTTPClient.Configuration()
    configuration.timeout = .init(connect: .seconds(10), read: .seconds(Int64(idleTimeout)))
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
      try await cancelWhenGracefulShutdown { try await follow(client) }
    } catch {
      try? await client.shutdown()
      for sink in sinks { await sink.stop() }
      throw error
    }
    try? await client.shutdown()
    for sink in sinks { await sink.stop() }
  }

  private var streamURL: URL { server.appending(path: "api/v1/deliveries/events") }

  private func follow(_ client: HTTPClient) async throws {
    var delay: TimeInterval = 1
    var lost = false
    while !Task.isCancelled {
      do {
        try await followOnce(client) {
          if lost {
            logger.notice("following the server's deliveries again", metadata: ["server": "\(server)"])
          }
          lost = false
          delay = 1
        }
      } catch let refusal as ServerRefusal where refusal.isFinal {
        throw refusal
      } catch  where !Task.isCancelled {
        if !lost {
          logger.warning(
            "the server's delivery stream is lost; trying again",
            metadata: ["server": "\(server)", "error": "\(error)"])
        }
        lost = true
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      try? await Task.sleep(for: .seconds(delay))
      delay = min(delay * 2, 30)
    }
  }

  /// One connection: shows each delivery as it arrives until the stream ends or fails.
  private func followOnce(_ client: HTTPClient, connected: () -> Void) async throws {
    var request = HTTPClientRequest(url: streamURL.absoluteString)
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    request.headers.add(name: "Accept", value: "text/event-stream")
    var saved = try store.lastShownEvent(server: server.absoluteString, token: token)
    if let saved { request.headers.add(name: "Last-Event-ID", value: String(saved)) }
    // The deadline bounds the wait for the answer's head (AsyncHTTPClient would otherwise retry
    // a refused connection until the server is back, and the outage would go unsaid); the stream
    // that follows does not end by itself, and its silence is bounded by the read timeout.
    let response = try await client.execute(request, deadline: .now() + .seconds(15))
    guard response.status == .ok,
      response.headers.first(name: "Content-Type")?.hasPrefix("text/event-stream") == true
    else {
      // Enough for the server's message; a proxy's page of errors is cut short.
      var body = Data()
      for try await piece in response.body {
        body += Data(piece.readableBytesView)
        if body.count >= 4_096 { break }
      }
      throw ServerRefusal(server: server, status: Int(response.status.code), body: body.prefix(4_096))
    }
    logger.info("following the server's deliveries", metadata: ["server": "\(server)"])
    connected()
    var parser = ServerSentEventParser()
    for try await piece in response.body {
      for event in parser.feed(Data(piece.readableBytesView)) {
        try await show(event)
        saved = event.id.flatMap { Int64($0) } ?? saved
      }
      // Where the stream started (an id with no event): recorded at once, so a daemon stopped
      // before the first delivery resumes from there, not from whatever is latest by then.
      if let id = parser.lastEventID.flatMap({ Int64($0) }), id != saved {
        try store.saveLastShownEvent(id, server: server.absoluteString, token: token)
        saved = id
      }
    }
  }

  private func show(_ event: ServerSentEventParser.Event) async throws {
    guard let id = event.id.flatMap({ Int64($0) }) else { return }
    do {
      let delivery = try DeliveryLine.parse(event.data)
      if let relayed = policy.relay(delivery, at: clock.now()) {
        for sink in sinks {
          do { try await sink.deliver(relayed) } catch {
            logger.error("a sink failed", metadata: ["id": "\(delivery.key.requestID)", "error": "\(error)"])
          }
        }
      } else {
        logger.info("missed: its time passed too long ago", metadata: ["id": "\(delivery.key.requestID)"])
      }
    } catch {
      // Passed over, not retried forever: the next deliveries must not wait behind it.
      logger.error(
        "a delivery from the server could not be read", metadata: ["event": "\(id)", "error": "\(error)"])
    }
    try store.saveLastShownEvent(id, server: server.absoluteString, token: token)
  }
}
