import Foundation
import HeraldCore
import HeraldWebhooks
import Logging

/// Sends a reminder to every subscription of its person, each through the HTTP client the webhooks
/// use (`WebhookPosting`), and acts on each push service's answer as `contracts/push.md` says: a
/// 2xx is recorded and never sent again, 404/410 removes the subscription, 413 is a defect logged
/// once, and 429/5xx/no answer are tried again with back-off (`Retry-After` when the service names
/// a time) until the message's TTL runs out.
///
/// Subscriptions are sent to at the same time, each exchange within `timeout`: a slow or dead push
/// service costs its own subscriptions their retries and nobody else anything.
public struct PushSender: Sendable {
  /// A subscription as the store names it, checked.
  public struct Target: Sendable, Hashable {
    public var id: String
    public var subscription: PushSubscription

    public init(id: String, subscription: PushSubscription) {
      self.id = id
      self.subscription = subscription
    }
  }

  /// The contract's limit on one exchange, connecting included.
  public static let defaultTimeout: TimeInterval = 10

  private let poster: any WebhookPosting
  private let store: any PushSubscriptionStore
  private let tokens: VAPIDTokenCache
  private let links: PushLinks
  private let policy: DeliveryPolicy
  private let timeout: TimeInterval
  private let logger: Logger
  private let defects = DefectLog()
  private let gone = GoneSubscriptions()
  /// The real clock: retries and `Retry-After` are real seconds, whatever clock the daemon plans on.
  private let now: @Sendable () -> Date
  private let wait: @Sendable (TimeInterval) async throws -> Void

  /// A sender through `poster`, recording in `store`, signing with `tokens` and linking with `links`.
  /// `now` and `wait` are the real clock and a real sleep unless a test gives its own.
  public init(
    poster: any WebhookPosting, store: any PushSubscriptionStore, tokens: VAPIDTokenCache, links: PushLinks,
    policy: DeliveryPolicy = DeliveryPolicy(), timeout: TimeInterval = Self.defaultTimeout, logger: Logger,
    now: @escaping @Sendable () -> Date = { Date() },
    wait: @escaping @Sendable (TimeInterval) async throws -> Void = { seconds in
      try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }
  ) {
    self.poster = poster
    self.store = store
    self.tokens = tokens
    self.links = links
    self.policy = policy
    self.timeout = timeout
    self.logger = logger
    self.now = now
    self.wait = wait
  }

  /// Sends `delivery` to every target at once and returns what came of each, by target id, when
  /// the last one is done (delivered, removed, refused, or out of TTL).
  public func send(_ delivery: Delivery, to targets: [Target]) async -> [String: PushOutcome] {
    await withTaskGroup(of: (String, PushOutcome).self) { group in
      for target in targets {
        group.addTask { (target.id, await send(delivery, to: target)) }
      }
      var outcomes: [String: PushOutcome] = [:]
      for await (id, outcome) in group { outcomes[id] = outcome }
      return outcomes
    }
  }

  /// Sends `delivery` to one target until an answer settles it or its TTL runs out.
  public func send(_ delivery: Delivery, to target: Target) async -> PushOutcome {
    let firstSent = now()
    var ttl: Int?
    var attempt = 0
    while true {
      // Another reminder's send may have heard 404/410 for this subscription since its list was read.
      if let status = gone.status(of: target.id) { return .removed(status: status) }
      attempt += 1
      // Made again for every POST: RFC 8291 wants a fresh key and salt each time, and the TTL
      // shrinks by the time already spent (counted on the planning clock from the delivery).
      let message: PushMessage
      do {
        let sent = delivery.deliveredAt.addingTimeInterval(now().timeIntervalSince(firstSent))
        message = try await Self.made { [links, tokens, policy] in
          try PushMessage(
            delivery, for: target.subscription, links: links, tokens: tokens, now: sent, policy: policy)
        }
      } catch {
        // Named by its topic: a place's request id holds the place's name, which stays out of logs.
        logger.error(
          "push message not made",
          metadata: ["topic": "\(PushHeaders.topic(requestID: delivery.key.requestID))", "error": "\(error)"])
        return .failed(problem: "\(error)")
      }
      ttl = ttl ?? message.headers.ttl
      let answer = await post(message, attempt: attempt)
      switch answer.answer {
      case .delivered:
        await record("recording a push delivery") {
          try await store.recordDelivered(id: target.id, at: now())
        }
        return .delivered(attempts: attempt)
      case .gone:
        gone.insert(target.id, status: answer.status ?? 0)
        await record("removing a gone push subscription") {
          try await store.removeSubscription(id: target.id)
        }
        logger.info(
          "push subscription gone, removed",
          metadata: ["subscription": "\(target.id)", "status": "\(answer.status ?? 0)"])
        return .removed(status: answer.status ?? 0)
      case .defect(let status):
        defects.report(status: status, origin: target.subscription.origin, logger: logger)
        return .defect(status: status)
      case .refused(let status):
        logger.error(
          "push refused",
          metadata: [
            "subscription": "\(target.id)", "status": "\(status)", "topic": "\(message.headers.topic)",
          ])
        return .refused(status: status)
      case .retry(let delay):
        let problem = answer.problem
        if Task.isCancelled { return .failed(problem: "cancelled after: \(problem)") }
        guard PushAnswer.isWorthRetrying(after: delay, now: now(), firstSent: firstSent, ttl: ttl ?? 0) else {
          logger.warning(
            "push not delivered within its TTL",
            metadata: ["subscription": "\(target.id)", "attempts": "\(attempt)", "problem": "\(problem)"])
          return .expired(attempts: attempt, problem: problem)
        }
        logger.debug(
          "push retried",
          metadata: ["subscription": "\(target.id)", "after": "\(delay)", "problem": "\(problem)"])
        do { try await wait(delay) } catch { return .failed(problem: "cancelled after: \(problem)") }
      }
    }
  }

  /// `make` run on Dispatch's threads, not the caller's. A message costs 0.2 ms of CPU, mostly its
  /// two P-256 operations; a worker whose users' reminders fall due together makes thousands at
  /// once, and made on the event loops that read the push services' answers, they held those
  /// answers back by a fifth of a second — which the limit at each push service took for its
  /// round trip doubling and cut the requests at once to a few dozen.
  private static func made(_ make: @escaping @Sendable () throws -> PushMessage) async throws -> PushMessage {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try make() }) }
    }
  }

  /// One POST and what its answer means; `status` when the service answered.
  private func post(_ message: PushMessage, attempt: Int) async -> (
    answer: PushAnswer, status: Int?, problem: String
  ) {
    var headers: [String: String] = [:]
    for field in message.headerFields { headers[field.name] = field.value }
    do {
      try await poster.post(Data(message.body), to: message.endpoint, headers: headers, timeout: timeout)
      return (PushAnswer.delivered, nil, "")
    } catch let failure as WebhookFailure {
      guard let status = failure.status else {
        return (PushAnswer.unreachable(attempt: attempt), nil, failure.problem)
      }
      var answer = PushAnswer(status: status, now: now(), attempt: attempt)
      // The poster read `Retry-After` already (seconds, or an HTTP date as seconds from now).
      if case .retry = answer, let asked = failure.retryAfter { answer = .retry(after: min(asked, 86_400)) }
      return (answer, status, failure.problem)
    } catch {
      return (PushAnswer.unreachable(attempt: attempt), nil, "\(error)")
    }
  }

  /// A store write whose failure is logged: the push itself was done either way.
  private func record(_ what: String, _ write: () async throws -> Void) async {
    do { try await write() } catch { logger.error("\(what) failed", metadata: ["error": "\(error)"]) }
  }
}

/// The subscriptions a push service said are gone, with the status it said it with: sends of
/// other reminders started before the store forgot them stop at their next POST.
private final class GoneSubscriptions: @unchecked Sendable {
  private let lock = NSLock()
  private var statuses: [String: Int] = [:]

  func insert(_ id: String, status: Int) {
    lock.withLock {
      // Bounded: a sender for many users runs for months; a store read after a while has them gone.
      if statuses.count >= 10_000 { statuses.removeAll(keepingCapacity: true) }
      statuses[id] = status
    }
  }
  func status(of id: String) -> Int? { lock.withLock { statuses[id] } }
}

/// 413s logged once per push service: each would say the same, and a defect repeated for every
/// reminder would bury the rest of the log.
private final class DefectLog: @unchecked Sendable {
  // A lock, as in `VAPIDTokenCache`: touched only by a 413, never waited on.
  private let lock = NSLock()
  private var reported: Set<String> = []

  func report(status: Int, origin: String, logger: Logger) {
    let first = lock.withLock { reported.insert(origin).inserted }
    if first {
      logger.error(
        "defect: a push service refused a message as too large (Herald keeps them within 4096 bytes)",
        metadata: ["status": "\(status)", "service": "\(origin)"])
    } else {
      logger.debug("push too large again", metadata: ["status": "\(status)", "service": "\(origin)"])
    }
  }
}
