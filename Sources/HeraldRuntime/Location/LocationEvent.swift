import HeraldCore

/// What a location source reports.
public enum LocationEvent: Sendable, Hashable {
  /// A position.
  case fix(LocationFix)
  /// No fixes can come for now (the source refused, closed or fell silent): why, for the log.
  case unavailable(String)
}
