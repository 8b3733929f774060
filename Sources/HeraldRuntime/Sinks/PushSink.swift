import Foundation
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldSQLite
import HeraldWebhooks
import Logging

/// Sends each delivery to every device subscribed in the store (`contracts/push.md`) through the
/// one `PushDispatch` the worker uses too: signed with the store's VAPID key, its links signed with
/// the store's link secret (so `herald serve` on the same store answers them). `deliver` returns
/// once the sends are handed over; `stop` lets them finish for a few seconds.
public final class PushSink: DeliverySink {
  public var channel: String { "push" }

  private let store: SQLiteStore
  private let dispatch: PushDispatch

  /// A sink on `store`'s subscriptions, key and link secret (each made and kept on first use),
  /// sending through `poster` (HeraldWebhooks' HTTP client unless a test gives its own).
  public init(
    store: SQLiteStore, settings: PushSettings, logger: Logger, poster: (any WebhookPosting)? = nil
  ) throws {
    let key = try VAPIDKey(privateKeyText: try store.vapidPrivateKey { VAPIDKey().privateKeyText })
    let secret = try LinkSecret(text: try store.pushLinkSecret { LinkSecret().text })
    self.store = store
    dispatch = PushDispatch(settings: settings, key: key, secret: secret, logger: logger, poster: poster)
  }

  public func deliver(_ delivery: Delivery) async throws {
    try await dispatch.deliver(delivery, keeper: store, scope: .store)
  }

  public func stop() async {
    await dispatch.stop()
  }
}
