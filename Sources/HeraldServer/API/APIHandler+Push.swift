import Foundation
import HeraldCore
import HeraldPush
import HeraldContracts
import OpenAPIRuntime

/// Web Push's operations (`contracts/push.md`): the VAPID public key pages subscribe with, and the
/// devices subscribed, in whichever store holds the user's data.
extension APIHandler {
  func getPushKey(_ input: Operations.GetPushKey.Input) async throws -> Operations.GetPushKey.Output {
    let key = try VAPIDKey(
      privateKeyText: try await account.store.vapidPrivateKey { VAPIDKey().privateKeyText })
    return .ok(.init(body: .json(.init(publicKey: key.publicKeyText))))
  }

  func listPushSubscriptions(_ input: Operations.ListPushSubscriptions.Input) async throws
    -> Operations.ListPushSubscriptions.Output
  {
    .ok(
      .init(
        body: .json(try await account.store.pushSubscriptions().map(Components.Schemas.PushSubscription.init))
      ))
  }

  func createPushSubscription(_ input: Operations.CreatePushSubscription.Input) async throws
    -> Operations.CreatePushSubscription.Output
  {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    let store = try account.store
    // Every check before anything is stored: an endpoint Herald would not POST to is refused.
    let subscription = try PushSubscription(
      endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, services: pushServices)
    let expiry = try body.expirationTime.map { milliseconds throws(FieldError) in
      guard milliseconds.isFinite, abs(milliseconds) < 1e15 else {
        throw FieldError("expirationTime", "not milliseconds since 1970: \(milliseconds)")
      }
      return Date(timeIntervalSince1970: milliseconds / 1000)
    }
    let saved = try await changing {
      try await store.savePushSubscription(
        endpoint: subscription.endpoint.absoluteString, p256dh: Base64URL.encode(subscription.keys.p256dh),
        auth: Base64URL.encode(subscription.keys.auth), expirationTime: expiry, at: clock.now())
    }
    let answer = try Components.Schemas.PushSubscription(saved.record)
    // 201 whether it was new or not (docs/contracts/push.md): the same endpoint is one subscription.
    return .created(.init(body: .json(answer)))
  }

  func deletePushSubscription(_ input: Operations.DeletePushSubscription.Input) async throws
    -> Operations.DeletePushSubscription.Output
  {
    let store = try account.store
    try await changing { try await store.removePushSubscription(id: input.path.id) }
    return .noContent(.init())
  }
}

extension Components.Schemas.PushSubscription {
  /// `lastDeliveredAt` written as null when there is none (the contract's form), not left out.
  init(_ record: PushSubscriptionRecord) throws {
    self.init(
      id: record.id, endpoint: record.endpoint, createdAt: APIInstant.text(record.createdAt),
      lastDeliveredAt: try OpenAPIValueContainer(
        unvalidatedValue: record.lastDeliveredAt.map(APIInstant.text)))
  }
}
