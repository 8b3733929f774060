import Foundation

/// Sends one signed delivery; throws `WebhookFailure` when the receiver did not answer 2xx in
/// time.
public protocol WebhookPosting: Sendable {
  /// POSTs `body` to `url`, the whole exchange — connecting included — within `timeout`.
  func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws
}

/// Why a webhook was not delivered, in one line for the log and the delivery's `last_error`.
public struct WebhookFailure: Error, CustomStringConvertible, Sendable {
  public var problem: String
  /// What came of the exchange, as the worker's webhook metric labels it: the status class the
  /// receiver answered (`4xx`, `5xx`, `3xx`), `timeout`, or `error` (refused, reset, …).
  public var result: String
  /// The status the receiver answered, when it answered.
  public var status: Int?
  /// How long the receiver asked to be left alone (`Retry-After`), in seconds.
  public var retryAfter: TimeInterval?

  public init(
    _ problem: String, result: String = "error", status: Int? = nil, retryAfter: TimeInterval? = nil
  ) {
    self.problem = problem
    self.result = result
    self.status = status
    self.retryAfter = retryAfter
  }

  /// Whether it says the receiver is overloaded: 429 or 503, or no answer in time.
  public var saysOverloaded: Bool { status == 429 || status == 503 || result == "timeout" }

  /// `Retry-After` read: delta-seconds, or an HTTP-date (seconds from `now` to it); nil otherwise.
  public static func retryAfter(_ text: String?, now: Date = Date()) -> TimeInterval? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    if text.utf8.allSatisfy({ (48...57).contains($0) }) { return Double(text) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text).map { max(0, $0.timeIntervalSince(now)) }
  }

  public var description: String { problem }
}
