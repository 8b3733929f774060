/// The style a user picks for a movement time block (spec 003).
public enum NotificationStyle: String, Sendable, Codable, Hashable, CaseIterable {
  case gentle
  case standard
  case urgent

  /// The interruption level of this style (spec 003, "Solution Overview").
  public var interruptionLevel: InterruptionLevel {
    switch self {
    case .gentle: .passive
    case .standard: .active
    case .urgent: .timeSensitive
    }
  }

  /// The sound of this style: gentle is silent.
  public var sound: NotificationSound? {
    switch self {
    case .gentle: nil
    case .standard, .urgent: .default
    }
  }

  /// The style a notification of this interruption level is shown in: the style table read
  /// backwards, so that a focus block's reminder shows as standard and a passive report as gentle.
  public init(shownAs level: InterruptionLevel) {
    switch level {
    case .passive: self = .gentle
    case .active: self = .standard
    case .timeSensitive, .critical: self = .urgent
    }
  }

  /// Reads a stored style. A style stored without a value is `standard`, so data written before
  /// styles existed keeps its behaviour (spec 003, "Backwards Compatibility").
  public init(stored value: String?) throws(FieldError) {
    guard let value else {
      self = .standard
      return
    }
    guard let style = NotificationStyle(rawValue: value) else {
      throw FieldError("style", "expected gentle, standard or urgent, got \"\(value)\"")
    }
    self = style
  }
}
