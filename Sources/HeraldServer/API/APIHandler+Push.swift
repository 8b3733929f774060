import Foundation
import HeraldCore
import HeraldPush
import HeraldContracts
import HeraldSQLite
import OpenAPIRuntime

/// Web Push's operations (`contracts/push.md`): the VAPID public key pages subscribe with, and the
/// devices subscribed. One person's SQLite store for now; PostgreSQL's users are answered 404.
extension APIHandler {
  func getPushKey(_ input: Operations.GetPushKey.Input) async throws -> Operations.GetPushKey.Output {
    .ok(.init(body: .json(.init(publicKey: try PushDevices.publicKey(try pushStore())))))
  }

  func listPushSubscriptions(_ input: Operations.ListPushSubscriptions.Input) async throws
    -> Operations.ListPushSubscriptions.Output
  {
    .ok(.init(body: .json(try pushStore().pushSubscriptions().map(Components.Schemas.PushSubscription.init))))
  }

  func createPushSubscription(_ input: Operations.CreatePushSubscription.Input) async throws
    -> Operations.CreatePushSubscription.Output
  {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    let store = try pushStore()
    let saved = try await changing {
      try PushDevices.save(
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
    let store = try pushStore()
    try await changing { try store.removePushSubscription(id: input.path.id) }
    return .noContent(.init())
  }

  /// The one person's SQLite store; PostgreSQL's users have no subscriptions here yet.
  private func pushStore() throws -> HeraldStore {
    guard let store = try account.store as? HeraldStore else {
      // 404, not 501: the path is not there for them yet, and no request of theirs is a server's fault.
      throw APIError(
        .notFound,
        problem: "push keys and subscriptions are not yet kept for the users of a PostgreSQL server")
    }
    return store
  }
}

extension Components.Schemas.PushSubscription {
  /// `lastDeliveredAt` written as null when there is none (the contract's form), not left out.
  init(_ record: HeraldStore.PushSubscriptionRecord) throws {
    self.init(
      id: record.id, endpoint: record.endpoint, createdAt: APIInstant.text(record.createdAt),
      lastDeliveredAt: try OpenAPIValueContainer(
        unvalidatedValue: record.lastDeliveredAt.map(APIInstant.text)))
  }
}
