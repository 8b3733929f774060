import Foundation

/// One VAPID token per audience, reused until shortly before it expires: signing costs more than
/// encrypting a message, and push services accept a token for all of its life.
///
/// Reads the real time from `now` (the system's clock unless a test gives its own): a daemon may
/// plan on a clock of its own, but a push service checks `exp` against the real one.
public final class VAPIDTokenCache: @unchecked Sendable {
  public let key: VAPIDKey
  /// The `sub` claim: `mailto:…` or `https://…`, the operator's `--push-contact`.
  public let subject: String
  /// A token with less than this left is replaced.
  public let renewBefore: TimeInterval
  private let now: @Sendable () -> Date
  // A lock, not an actor: the cache is read on every send, from any thread, and never waits.
  private let lock = NSLock()
  private var tokens: [String: VAPIDToken] = [:]

  /// Tokens renewed when less than an hour is left.
  public init(
    key: VAPIDKey, subject: String, renewBefore: TimeInterval = 3600,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.key = key
    self.subject = subject
    self.renewBefore = renewBefore
    self.now = now
  }

  /// The token for `audience` (an endpoint's origin): the kept one while it has more than
  /// `renewBefore` left, a new one otherwise.
  public func token(for audience: String) throws(PushError) -> VAPIDToken {
    let instant = now()
    lock.lock()
    defer { lock.unlock() }
    if let kept = tokens[audience], kept.expiry.timeIntervalSince(instant) > renewBefore { return kept }
    let token = try VAPIDToken(
      audience: audience, subject: subject, expiry: instant.addingTimeInterval(VAPIDToken.lifetime), key: key)
    tokens[audience] = token
    return token
  }

  /// `Authorization: vapid t=…, k=…` for an endpoint of `audience`.
  public func authorization(for audience: String) throws(PushError) -> String {
    try token(for: audience).authorization(publicKey: key.publicKeyText)
  }
}
