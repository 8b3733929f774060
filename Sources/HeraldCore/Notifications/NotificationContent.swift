/// What a notification shows and how it behaves; the meaning of `UNNotificationContent`.
public struct NotificationContent: Sendable, Hashable, Codable {
  public var title: String
  public var body: String
  public var sound: NotificationSound?
  public var interruptionLevel: InterruptionLevel
  /// The kind of notification (`focus-block-start`, `movement`, ...): picks its actions.
  public var categoryIdentifier: String
  /// Groups related notifications in a notification list.
  public var threadIdentifier: String
  /// Strings only, and never coordinates (spec 004, privacy).
  public var userInfo: [String: String]

  public init(
    title: String, body: String, sound: NotificationSound? = .default,
    interruptionLevel: InterruptionLevel = .active, categoryIdentifier: String,
    threadIdentifier: String = "", userInfo: [String: String] = [:]
  ) {
    self.title = title
    self.body = body
    self.sound = sound
    self.interruptionLevel = interruptionLevel
    self.categoryIdentifier = categoryIdentifier
    self.threadIdentifier = threadIdentifier
    self.userInfo = userInfo
  }
}

extension NotificationContent {
  /// Applies a style's interruption level and sound (spec 003).
  public func styled(_ style: NotificationStyle) -> NotificationContent {
    var copy = self
    copy.interruptionLevel = style.interruptionLevel
    copy.sound = style.sound
    return copy
  }
}
