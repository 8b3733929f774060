import Crypto
import Foundation
import HeraldCore

/// What a notification's links are made of: the origin a phone reaches Herald at
/// (`--public-url`), whose reminders they act on, and the secret that signs them.
public struct PushLinks: Sendable {
  public var publicURL: URL
  public var scope: ActionLink.Scope
  public var secret: LinkSecret

  public init(publicURL: URL, scope: ActionLink.Scope, secret: LinkSecret) {
    self.publicURL = publicURL
    self.scope = scope
    self.secret = secret
  }

  /// The link that does `action` on the reminder of `notification`.
  public func url(_ action: ActionLink.Action, for notification: PlannedNotification) -> URL {
    ActionLink(
      scope: scope, requestID: notification.identifier, action: action, fireDate: notification.fireDate
    )
    .url(publicURL: publicURL, secret: secret)
  }
}

extension ActionLink.Action {
  /// A notification's button as a link's action: the desktop's "default" (open) is a place's map.
  public init(_ action: NotificationAction) {
    switch action {
    case .done: self = .done
    case .snooze: self = .snooze
    case .open: self = .map
    }
  }
}
