import Foundation

/// What a push service's answer changes in the store that holds the subscriptions: the SQLite
/// store for one person, PostgreSQL for many. The sender knows nothing else of it.
public protocol PushSubscriptionStore: Sendable {
  /// The push service said the subscription is gone (404, 410): it is never sent to again.
  /// A subscription already removed (the user deleted it meanwhile) is not an error.
  func removeSubscription(id: String) async throws

  /// The push service accepted a message for the subscription (2xx) at `date`.
  func recordDelivered(id: String, at date: Date) async throws
}
