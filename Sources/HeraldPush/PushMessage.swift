import Crypto
import Foundation
import HeraldCore

/// One POST to a subscription's endpoint: everything but the HTTP client that sends it.
public struct PushMessage: Sendable {
  public var endpoint: URL
  public var headers: PushHeaders
  /// `vapid t=…, k=…`.
  public var authorization: String
  /// The encrypted body, at most 4 096 bytes.
  public var body: [UInt8]

  /// The message of `delivery` for `subscription`, made at `now` on the planning clock (for the
  /// TTL; the token reads the real clock).
  public init(
    _ delivery: Delivery, for subscription: PushSubscription, links: PushLinks, tokens: VAPIDTokenCache,
    now: Date, policy: DeliveryPolicy = DeliveryPolicy()
  ) throws(PushError) {
    let plaintext = try PushPayload(delivery, links: links).fitted()
    body = try WebPushEncryption.encrypt(plaintext, for: subscription.keys)
    headers = PushHeaders(
      requestID: delivery.notification.identifier, fireDate: delivery.notification.fireDate,
      level: delivery.content.interruptionLevel, now: now, policy: policy)
    authorization = try tokens.authorization(for: subscription.origin)
    endpoint = subscription.endpoint
  }

  /// Every header of the POST, `Authorization` included.
  public var headerFields: [(name: String, value: String)] {
    headers.fields + [("Authorization", authorization)]
  }
}
