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

  public init(_ problem: String, result: String = "error") {
    self.problem = problem
    self.result = result
  }

  public var description: String { problem }
}
