import Foundation
import HeraldContracts

/// Web Push for a user of the database: the deployment's secrets, the user's own subscriptions.
extension PostgresUserData {
  public func vapidPrivateKey(orMake make: () -> String) async throws -> String {
    try await store.vapidPrivateKey(orMake: make)
  }

  public func pushLinkSecret(orMake make: () -> String) async throws -> String {
    try await store.pushLinkSecret(orMake: make)
  }

  public func savePushSubscription(
    endpoint: String, p256dh: String, auth: String, expirationTime: Date?, at now: Date
  ) async throws -> (record: PushSubscriptionRecord, created: Bool) {
    try await store.savePushSubscription(
      ofUser: user, endpoint: endpoint, p256dh: p256dh, auth: auth, expirationTime: expirationTime, at: now)
  }

  public func pushSubscriptions() async throws -> [PushSubscriptionRecord] {
    try await store.pushSubscriptions(ofUser: user)
  }

  public func removePushSubscription(id: String) async throws {
    try await store.removePushSubscription(ofUser: user, id: id)
  }

  public func recordPushDelivered(id: String, at date: Date) async throws {
    try await store.recordPushDelivered(ofUser: user, id: id, at: date)
  }
}
