import Foundation

/// What a push service's answer means for the subscription, and whether to try again.
public enum PushAnswer: Sendable, Hashable {
  /// Any 2xx: delivered; never sent again.
  case delivered
  /// 404 or 410: the subscription no longer exists; remove it at once.
  case gone
  /// 413: the body was too large, which Herald's own limit should prevent: a defect, logged once.
  case defect(status: Int)
  /// 429, 5xx, a refused connection or no answer: try again after `retryAfter` seconds (the
  /// service's `Retry-After` when it gave one), while the TTL lasts.
  case retry(after: TimeInterval)
  /// Any other answer (400, 401, 403 …): not retried; the request itself is wrong (a key the
  /// service rejects, a token it refuses).
  case refused(status: Int)

  /// The answer `status` with its `Retry-After` header (`retryAfter`, if any) received at `now`;
  /// `attempt` (1 for the first retry) sets the back-off when the service names no time.
  public init(status: Int, retryAfter: String? = nil, now: Date, attempt: Int = 1) {
    switch status {
    case 200..<300: self = .delivered
    case 404, 410: self = .gone
    case 413: self = .defect(status: status)
    case 429, 500..<600:
      self = .retry(after: Self.delay(retryAfter: retryAfter, now: now) ?? Self.backOff(attempt: attempt))
    default: self = .refused(status: status)
    }
  }

  /// A refused connection or no answer within the send's time limit.
  public static func unreachable(attempt: Int) -> PushAnswer { .retry(after: backOff(attempt: attempt)) }

  /// 1, 2, 4 … seconds, at most 5 minutes: retries of a service that is down soon stop crowding it.
  public static func backOff(attempt: Int) -> TimeInterval {
    min(300, pow(2, Double(max(0, min(attempt, 20) - 1))))
  }

  /// `Retry-After` (RFC 9110 §10.2.3): delay seconds, or an HTTP date; `nil` when absent or neither.
  public static func delay(retryAfter: String?, now: Date) -> TimeInterval? {
    guard let text = retryAfter?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
      return TimeInterval(text).map { min($0, 86_400) }
    }
    guard let date = httpDate(text) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// Whether a retry after `delay` from `now` still falls within the message's TTL, counted from
  /// its first send at `firstSent`.
  public static func isWorthRetrying(after delay: TimeInterval, now: Date, firstSent: Date, ttl: Int) -> Bool
  {
    now.addingTimeInterval(delay) < firstSent.addingTimeInterval(TimeInterval(ttl))
  }

  /// The IMF-fixdate of RFC 9110 (`Sun, 06 Nov 1994 08:49:37 GMT`), the form senders must use.
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text)
  }
}
