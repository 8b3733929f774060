import Foundation
import HeraldContracts
import HeraldSQLite
import Hummingbird

/// `GET /api/v1/deliveries/events`: the token's user's deliveries as server-sent events, one per
/// delivered reminder — `id:` its number in the user's stream, `data:` the webhook's body — for a
/// desktop following the user (`herald run --server URL --token T`).
///
/// Without `Last-Event-ID` the stream starts after the latest delivery (a new subscriber sees what
/// comes next, not the history); with it, it resumes after that number, so a client that lost its
/// connection or restarted misses nothing and repeats nothing. Its first line names the number it
/// starts after (`id:` with no data).
enum DeliveryStream {
  /// At most this many events per query.
  static let pageSize = 200
  /// A comment line this often keeps proxies from closing a quiet stream; it also reads the
  /// user's deliveries again, in case an announcement was lost.
  static let keepalive: Duration = .seconds(15)

  static func register(on api: RouterGroup<BasicRequestContext>, bell: DeliveryBell) {
    api.get("deliveries/events") { request, _ in
      guard let account = Account.current else {
        throw BearerTokenMiddleware<BasicRequestContext>.unauthorized("a bearer token is required")
      }
      let start: Int64
      if let header = request.headers[.lastEventID] {
        guard let number = Int64(header.trimmingCharacters(in: .whitespaces)), number >= 0 else {
          throw APIError(
            .badRequest, field: "Last-Event-ID",
            problem: "expected the number of a delivery event, got \"\(header)\"")
        }
        start = number
      } else {
        // Asked before the stream opens: an engine without a stream answers 409 here.
        start = try await account.store.lastDeliveryEventID()
      }
      return response(for: account, after: start, bell: bell)
    }
  }

  private static func response(for account: Account, after start: Int64, bell: DeliveryBell) -> Response {
    // An id with no data dispatches nothing but tells the client where the stream starts, so a
    // client that subscribed afresh and is stopped before the first delivery resumes here.
    ServerSentEvents.response(preamble: "id: \(start)\n", onShutdown: { await bell.finish() }) { write in
      var cursor = start
      while await !bell.isFinished {
        let generation = await bell.generation(of: account.name)
        let events = try await account.store.deliveryEvents(after: cursor, limit: pageSize)
        for event in events {
          try await write(ServerSentEvents.event(id: event.id, data: event.data))
          cursor = event.id
        }
        if events.count == pageSize { continue }
        if await !bell.wait(for: account.name, after: generation, timeout: keepalive) {
          try await write(ServerSentEvents.keepalive)
        }
      }
    }
  }
}
