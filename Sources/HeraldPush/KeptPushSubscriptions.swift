import Foundation
import HeraldContracts

/// The subscriptions of whichever store keeps them (`PushKeeping`: one person's SQLite file, a
/// PostgreSQL user), as the sender changes them.
public struct KeptPushSubscriptions: PushSubscriptionStore {
  public let keeper: any PushKeeping

  public init(_ keeper: any PushKeeping) {
    self.keeper = keeper
  }

  public func removeSubscription(id: String) async throws {
    do {
      try await keeper.removePushSubscription(id: id)
    } catch let error as RecordError where error.reason == .notFound {
      // Removed meanwhile (the user, or another answer): what the push service asked is done.
    }
  }

  public func recordDelivered(id: String, at date: Date) async throws {
    try await keeper.recordPushDelivered(id: id, at: date)
  }
}
