/// A notification to schedule; the meaning of `UNNotificationRequest`.
public struct NotificationRequest: Sendable, Hashable, Codable {
  /// Unique among pending requests; adding a request with a pending id replaces it.
  public var identifier: String
  public var content: NotificationContent
  public var trigger: NotificationTrigger

  public init(identifier: String, content: NotificationContent, trigger: NotificationTrigger) {
    self.identifier = identifier
    self.content = content
    self.trigger = trigger
  }
}
