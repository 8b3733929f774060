import Foundation
import HeraldContracts
import HeraldCore
import HeraldWebhooks
import Logging
import Synchronization

/// The one way Herald pushes a reminder, for one person's daemon (`herald run --sink push`) and for
/// the many users' worker: every device the person's store keeps (`PushKeeping`) is sent the
/// delivery, encrypted for it and signed with the deployment's VAPID key, its links signed for the
/// person (`ActionLink.Scope`), through HeraldWebhooks' HTTP client.
///
/// `deliver` hands the sends over and returns: a push service that is slow, down or asks for a
/// retry an hour later must not hold up the next reminder or the other channels. On `stop` the
/// sends still running get `drainTime` to finish.
public final class PushDispatch: Sendable {
  private let settings: PushSettings
  private let tokens: VAPIDTokenCache
  private let secret: LinkSecret
  private let poster: any WebhookPosting
  /// The client made here (not a test's), shut down on `stop`.
  private let ownPoster: HTTPWebhookPoster?
  private let logger: Logger
  private let running = RunningSends()
  /// One sender a person: what it learns (a subscription gone, a defect said) holds for their
  /// later sends.
  private let senders = Mutex<[ActionLink.Scope: PushSender]>([:])
  /// How long `stop` waits for sends still being tried before it gives them up.
  public static let drainTime: TimeInterval = 5

  /// A dispatch signing with `key` and linking with `secret` (both the store's, made once), sending
  /// through `poster` (HeraldWebhooks' HTTP client unless a test gives its own).
  public init(
    settings: PushSettings, key: VAPIDKey, secret: LinkSecret, logger: Logger,
    poster: (any WebhookPosting)? = nil
  ) {
    if let poster {
      self.poster = poster
      ownPoster = nil
    } else {
      // Push services answer 30–200 ms away: a few connections each carry many devices' pushes.
      let made = HTTPWebhookPoster(connectionsPerReceiver: 4)
      self.poster = made
      ownPoster = made
    }
    self.settings = settings
    self.secret = secret
    self.logger = logger
    tokens = VAPIDTokenCache(key: key, subject: settings.contact)
  }

  /// The key pair and the link secret `keeper` keeps for the deployment, each made on first use.
  public static func secrets(of keeper: any PushSecretKeeping) async throws -> (
    key: VAPIDKey, secret: LinkSecret
  ) {
    let key = try VAPIDKey(privateKeyText: try await keeper.vapidPrivateKey { VAPIDKey().privateKeyText })
    let secret = try LinkSecret(text: try await keeper.pushLinkSecret { LinkSecret().text })
    return (key, secret)
  }

  /// Hands `delivery` over to be sent to every device `keeper` keeps, its links for `scope`;
  /// `report` hears what came of each device's send (by subscription id) when the last is done.
  public func deliver(
    _ delivery: Delivery, keeper: any PushKeeping, scope: ActionLink.Scope,
    report: (@Sendable ([String: PushOutcome]) async -> Void)? = nil
  ) async throws {
    let targets = try await targets(of: keeper)
    guard !targets.isEmpty else { return }
    let sender = sender(for: scope, keeper: keeper)
    await running.start { [logger] in
      let outcomes = await sender.send(delivery, to: targets)
      var delivered = 0
      for case .delivered in outcomes.values { delivered += 1 }
      // At debug: a worker pushes thousands a second; what failed is logged by the sender.
      logger.debug(
        "pushed",
        metadata: [
          "id": "\(delivery.key.requestID)", "subscriptions": "\(targets.count)", "delivered": "\(delivered)",
        ])
      await report?(outcomes)
    }
  }

  /// Sends `delivery` now to the one device of `keeper`'s whose endpoint is `endpoint` (a test
  /// push from the device itself) and returns what came of it; nil when no such device is kept.
  public func sendNow(
    _ delivery: Delivery, keeper: any PushKeeping, scope: ActionLink.Scope, endpoint: String
  ) async throws -> PushOutcome? {
    let wanted = URL(string: endpoint)?.absoluteString
    guard
      let target = try await targets(of: keeper).first(where: {
        $0.subscription.endpoint.absoluteString == wanted
      })
    else { return nil }
    return await sender(for: scope, keeper: keeper).send(delivery, to: target)
  }

  /// Waits up to `drainTime` for the sends under way, gives up the rest, closes the client.
  public func stop() async {
    let abandoned = await running.drain(within: Self.drainTime)
    if abandoned > 0 {
      logger.warning("pushes still being tried were given up at stop", metadata: ["count": "\(abandoned)"])
    }
    await ownPoster?.shutdown()
  }

  private func sender(for scope: ActionLink.Scope, keeper: any PushKeeping) -> PushSender {
    senders.withLock { senders in
      if let known = senders[scope] { return known }
      let made = PushSender(
        poster: poster, store: KeptPushSubscriptions(keeper), tokens: tokens,
        links: PushLinks(publicURL: settings.publicURL, scope: scope, secret: secret), logger: logger)
      senders[scope] = made
      return made
    }
  }

  /// The kept subscriptions this process may send to. One whose endpoint `--push-service` does not
  /// allow here (allowed by another `serve`) is skipped with a warning, not removed.
  private func targets(of keeper: any PushKeeping) async throws -> [PushSender.Target] {
    try await keeper.pushSubscriptions().compactMap { record in
      do {
        let subscription = try PushSubscription(
          endpoint: record.endpoint, expirationTime: record.expirationTime, p256dh: record.p256dh,
          auth: record.auth, services: settings.services)
        return PushSender.Target(id: record.id, subscription: subscription)
      } catch {
        logger.warning(
          "push subscription skipped", metadata: ["subscription": "\(record.id)", "problem": "\(error)"])
        return nil
      }
    }
  }
}

/// The sends handed over and not yet done.
private actor RunningSends {
  private var tasks: [UUID: Task<Void, Never>] = [:]

  func start(_ work: @escaping @Sendable () async -> Void) {
    let id = UUID()
    tasks[id] = Task {
      await work()
      self.finish(id)
    }
  }

  private func finish(_ id: UUID) { tasks[id] = nil }

  /// Waits for the sends running now, cancelling those not done within `seconds`; how many were.
  func drain(within seconds: TimeInterval) async -> Int {
    let now = Array(tasks.values)
    guard !now.isEmpty else { return 0 }
    let timer = Task {
      guard (try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))) != nil else { return 0 }
      // The timer runs on this actor: what is still registered is what has not finished.
      let left = self.tasks.values
      for task in left { task.cancel() }
      return left.count
    }
    for task in now { await task.value }
    timer.cancel()
    return await timer.value
  }
}
