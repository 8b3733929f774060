import Foundation

/// What `herald run --sink push` and `herald worker` are told: who the push services may write to,
/// where the notifications' links lead, and which push services beside the vendors' the devices
/// may use.
public struct PushSettings: Sendable, Hashable {
  /// The VAPID `sub` claim (`--push-contact`), checked by `PushContact`.
  public var contact: String
  /// The origin the links use (`--public-url`): where a phone reaches `herald serve`.
  public var publicURL: URL
  /// The endpoints allowed (`--push-service`): a subscription whose endpoint is not is skipped.
  public var services: PushServices

  public init(contact: String, publicURL: URL, services: PushServices) {
    self.contact = contact
    self.publicURL = publicURL
    self.services = services
  }
}
