import Foundation

/// A device's push subscription as stored (`contracts/push.md`): its keys stay in the store, only
/// a sender reads them.
public struct PushSubscriptionRecord: Sendable, Hashable {
  public var id: String
  public var endpoint: String
  public var p256dh: String
  public var auth: String
  /// When the browser said the subscription ends, if it said.
  public var expirationTime: Date?
  public var createdAt: Date
  public var lastDeliveredAt: Date?

  public init(
    id: String, endpoint: String, p256dh: String, auth: String, expirationTime: Date?, createdAt: Date,
    lastDeliveredAt: Date?
  ) {
    self.id = id
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.expirationTime = expirationTime
    self.createdAt = createdAt
    self.lastDeliveredAt = lastDeliveredAt
  }
}

/// What Web Push keeps, whatever holds it: the secrets of the Herald that serves the user (the
/// VAPID key pair, the key that signs notification links — one of each per SQLite file, one per
/// PostgreSQL deployment) and the user's own subscriptions.
///
/// The store keeps texts: what they mean (a P-256 key, an allowed endpoint) is HeraldPush's to
/// check, before anything is written.
public protocol PushKeeping: PushSecretKeeping {
  /// Stores a subscription; the user's endpoint already stored is updated (new keys, expiry) and
  /// keeps its id. `created` says whether it was new.
  func savePushSubscription(
    endpoint: String, p256dh: String, auth: String, expirationTime: Date?, at now: Date
  ) async throws -> (record: PushSubscriptionRecord, created: Bool)
  /// The user's subscriptions, oldest first.
  func pushSubscriptions() async throws -> [PushSubscriptionRecord]
  /// Removes the user's subscription `id` (their choice, or the push service's 404/410);
  /// `RecordError.notFound` when they have none of that id.
  func removePushSubscription(id: String) async throws
  /// Records a push service's 2xx for the user's subscription `id`.
  func recordPushDelivered(id: String, at date: Date) async throws
}

/// Where the deployment's push secrets are kept: a person's store, or a PostgreSQL deployment as a
/// whole (what a worker reads them from, with no user in view).
public protocol PushSecretKeeping: Sendable {
  /// The VAPID private key's text: the one kept, or `make()`'s, stored first — so that two
  /// processes starting together keep one key.
  func vapidPrivateKey(orMake make: () -> String) async throws -> String
  /// The text of the secret that signs notification links: the one kept, or `make()`'s, stored
  /// first — so that the process that sends a link and the one that answers it agree.
  func pushLinkSecret(orMake make: () -> String) async throws -> String
}
