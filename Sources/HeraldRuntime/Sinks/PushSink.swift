import Foundation
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldSQLite
import HeraldWebhooks
import Logging

/// Sends each delivery to every device subscribed in the store (`contracts/push.md`), encrypted
/// for each and signed with the store's VAPID key, its links signed with the store's link secret
/// (so `herald serve` on the same store answers them).
///
/// `deliver` hands the sends over and returns: a push service that is slow, down or asks for a
/// retry an hour later must not hold up the daemon's next reminder or its other sinks. On `stop`
/// the sends still running get `drainTime` to finish.
public final class PushSink: DeliverySink {
  public var channel: String { "push" }

  private let store: SQLiteStore
  private let sender: PushSender
  private let services: PushServices
  private let logger: Logger
  private let poster: HTTPWebhookPoster?
  private let running = RunningSends()
  /// How long `stop` waits for sends still being tried before it gives them up.
  public static let drainTime: TimeInterval = 5

  /// A sink on `store`'s subscriptions, key and link secret (each made and kept on first use),
  /// sending through `poster` (HeraldWebhooks' HTTP client unless a test gives its own).
  public init(
    store: SQLiteStore, settings: PushSinkSettings, logger: Logger, poster: (any WebhookPosting)? = nil
  ) throws {
    let key = try VAPIDKey(privateKeyText: try store.vapidPrivateKey { VAPIDKey().privateKeyText })
    let secret = try LinkSecret(text: try store.pushLinkSecret { LinkSecret().text })
    let transport: any WebhookPosting
    if let poster {
      transport = poster
      self.poster = nil
    } else {
      // Push services answer 30–200 ms away: a few connections each carry one person's devices.
      let made = HTTPWebhookPoster(connectionsPerReceiver: 4)
      transport = made
      self.poster = made
    }
    self.store = store
    self.services = settings.services
    self.logger = logger
    sender = PushSender(
      poster: transport, store: KeptPushSubscriptions(store),
      tokens: VAPIDTokenCache(key: key, subject: settings.contact),
      links: PushLinks(publicURL: settings.publicURL, scope: .store, secret: secret), logger: logger)
  }

  public func deliver(_ delivery: Delivery) async throws {
    let targets = try targets()
    guard !targets.isEmpty else { return }
    await running.start { [sender, logger] in
      let outcomes = await sender.send(delivery, to: targets)
      var delivered = 0
      for case .delivered in outcomes.values { delivered += 1 }
      logger.info(
        "pushed", metadata: ["subscriptions": "\(targets.count)", "delivered": "\(delivered)"])
    }
  }

  public func stop() async {
    let abandoned = await running.drain(within: Self.drainTime)
    if abandoned > 0 {
      logger.warning("pushes still being tried were given up at stop", metadata: ["count": "\(abandoned)"])
    }
    await poster?.shutdown()
  }

  /// The stored subscriptions this run may send to. One whose endpoint `--push-service` does not
  /// allow here (allowed by another `serve`) is skipped with a warning, not removed.
  private func targets() throws -> [PushSender.Target] {
    try store.pushSubscriptions().compactMap { record in
      do {
        let subscription = try PushSubscription(
          endpoint: record.endpoint, expirationTime: record.expirationTime, p256dh: record.p256dh,
          auth: record.auth, services: services)
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
