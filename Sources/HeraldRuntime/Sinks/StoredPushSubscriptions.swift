import Foundation
import HeraldContracts
import HeraldPush
import HeraldSQLite

/// One person's subscriptions in the SQLite store, as the push sender changes them.
public struct StoredPushSubscriptions: PushSubscriptionStore {
  public let store: HeraldStore

  public init(store: HeraldStore) {
    self.store = store
  }

  public func removeSubscription(id: String) async throws {
    do {
      try store.removePushSubscription(id: id)
    } catch let error as RecordError where error.reason == .notFound {
      // Removed meanwhile (the user, or another answer): what the push service asked is done.
    }
  }

  public func recordDelivered(id: String, at date: Date) async throws {
    try store.recordPushDelivered(id: id, at: date)
  }
}
