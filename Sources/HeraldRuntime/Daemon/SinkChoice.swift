import Foundation
import HeraldContracts
import HeraldPush

/// A place the daemon shows notifications, as chosen by the user.
public enum SinkChoice: Sendable, Hashable {
  /// The freedesktop notification service.
  case desktop
  /// One JSON line per notification on standard output.
  case stdout
  /// A POST of the delivery to this http(s) URL (Standard Webhooks), signed with the secret when
  /// there is one.
  case webhook(URL, secret: WebhookSecret?)
  /// Web Push to every device subscribed in the store (`contracts/push.md`).
  case push(PushSettings)
}
