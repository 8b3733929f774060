import Foundation
import HeraldCore
import HeraldPush
import HeraldContracts
import OpenAPIRuntime

/// Web Push's operations (`contracts/push.md`): the VAPID public key pages subscribe with, and the
/// devices subscribed, in whichever store holds the user's data.
extension APIHandler {
  func getPushKey(_ input: Operations.GetPushKey.Input) async throws -> Operations.GetPushKey.Output {
    .ok(.init(body: .json(.init(publicKey: try await PushDevices.publicKey(try account.store)))))
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
    let saved = try await changing {
      try await PushDevices.save(
        endpoint: body.endpoint, expirationTime: body.expirationTime, p256dh: body.keys.p256dh,
        auth: body.keys.auth, services: pushServices, store: store, at: clock.now())
    }
    let answer = try Components.Schemas.PushSubscription(saved)
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
