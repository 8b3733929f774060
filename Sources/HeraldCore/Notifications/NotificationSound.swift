/// The sound a notification plays. A request without a sound is silent (`nil`).
public enum NotificationSound: String, Sendable, Codable, Hashable {
  case `default`
}
