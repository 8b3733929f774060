import Foundation
import HeraldContracts
import PostgresNIO

/// A user's delivery stream: what the workers delivered, numbered per user in the order it was
/// recorded (`v3-delivery-events`), for a desktop following that user (`herald run --server`).
extension PostgresStore {
  /// The user's deliveries numbered after `after`, oldest first, at most `limit`.
  public func deliveryEvents(ofUser user: Int64, after: Int64, limit: Int) async throws -> [DeliveryEvent] {
    try await client.withConnection { connection in
      let rows = try await connection.query(
        """
        SELECT event_id, payload FROM delivery
        WHERE user_id = \(user) AND event_id > \(after)
        ORDER BY event_id LIMIT \(limit)
        """, logger: logger)
      var events: [DeliveryEvent] = []
      for try await (id, payload) in rows.decode((Int64, String).self) {
        events.append(DeliveryEvent(id: id, data: payload))
      }
      return events
    }
  }

  /// The number of the user's latest delivery; 0 before the first.
  public func lastDeliveryEventID(ofUser user: Int64) async throws -> Int64 {
    try await client.withConnection { connection in
      let rows = try await connection.query(
        "SELECT last FROM delivery_event_counter WHERE user_id = \(user)", logger: logger)
      for try await last in rows.decode(Int64.self) { return last }
      return 0
    }
  }

  /// Calls `delivered` with the names of users who have new deliveries, as workers announce them,
  /// until cancelled. Holds one connection, listening.
  public func listenForDeliveries(_ delivered: @escaping @Sendable ([String]) -> Void) async throws {
    try await client.listen(on: PostgresSchema.deliveredChannel) { notification in
      delivered(notification.payload.split(separator: "\n").map(String.init))
    }
  }
}
