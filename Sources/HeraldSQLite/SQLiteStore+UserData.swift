import Foundation
import HeraldContracts
import HeraldCore

// No shorter overloads here: in an async context they would be chosen over `SQLiteStore`'s own
// synchronous methods with default arguments, turning every such call async.
extension SQLiteStore: UserData {
  // One person's reminders are shown by their own daemon (`herald run`), which keeps no stream of
  // them for another machine: the stream is a server's for many users.
  public func deliveryEvents(after: Int64, limit: Int) async throws -> [DeliveryEvent] {
    throw Self.noDeliveryStream
  }

  public func lastDeliveryEventID() async throws -> Int64 { throw Self.noDeliveryStream }

  private static var noDeliveryStream: RecordError {
    RecordError(
      .conflict, subject: "deliveries",
      problem:
        "a single-user server's reminders are shown by its own daemon (herald run); the delivery stream is served for many users, on PostgreSQL"
    )
  }
}
