import Foundation
import HeraldCore

/// A user of a many-user Herald: whose data, in which zone and language, and where their
/// deliveries go.
public struct HeraldUser: Sendable, Hashable {
  public var id: Int64
  /// Unique; names the user in commands and in every delivery (`"user"`).
  public var name: String
  /// Every wall-clock rule is evaluated in it.
  public var timeZone: TimeZone
  public var language: Language
  /// Where deliveries are POSTed; none: they are recorded only.
  public var webhook: URL?
  /// The Standard Webhooks secret that signs them (`whsec_…`).
  public var webhookSecret: WebhookSecret
  public var createdAt: Date
}
