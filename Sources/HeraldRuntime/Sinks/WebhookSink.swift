import Foundation
import HeraldContracts
import HeraldCore
import HeraldSystem
import HeraldWebhooks

/// POSTs each delivery to a URL as the many-user worker does (`StandardWebhook`: the delivery
/// line's keys and its language, `webhook-id` and `webhook-timestamp`, signed when the user gave a
/// secret), through the same HTTP client; a non-2xx answer is a failed delivery.
public struct WebhookSink: DeliverySink {
  public var channel: String { "webhook" }

  public let url: URL
  public let secret: WebhookSecret?
  private let poster: HTTPWebhookPoster
  /// How long one POST may take, connecting included.
  static let timeout: TimeInterval = 10

  public init(url: URL, secret: WebhookSecret? = nil) {
    self.url = url
    self.secret = secret
    // One person's reminders come one at a time: a connection or two is plenty.
    poster = HTTPWebhookPoster(connectionsPerReceiver: 2)
  }

  public func deliver(_ delivery: Delivery) async throws {
    let body = StandardWebhook.body(delivery, user: nil)
    let id = StandardWebhook.id(user: nil, requestID: delivery.key.requestID, fireDate: delivery.key.fireDate)
    do {
      try await poster.post(
        body, to: url, headers: StandardWebhook.headers(id: id, at: Date(), body: body, secret: secret),
        timeout: Self.timeout)
    } catch let failure as WebhookFailure {
      throw EnvironmentError(
        tried: "POST to the webhook \(url)", problem: failure.problem,
        remedy: failure.status == nil ? "is the receiver running?" : "see the receiver's log")
    }
  }
}
