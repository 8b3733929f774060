/// How insistently a notification asks for attention; the meaning of
/// `UNNotificationInterruptionLevel`.
public enum InterruptionLevel: String, Sendable, Codable, Hashable, CaseIterable {
  /// Notification list only: no banner, no sound.
  case passive
  /// Banner and sound; respects focus modes.
  case active
  /// Breaks through focus modes.
  case timeSensitive
  /// Always sounds; needs a special entitlement on iOS, never chosen by a style.
  case critical
}
