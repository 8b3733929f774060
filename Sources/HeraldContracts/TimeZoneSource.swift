import HeraldCore

/// Where the daemon learns the user's time zone; read on every tick so that a move to another zone,
/// or an update of the tz database, is noticed.
public protocol TimeZoneSource: Sendable {
  func current() throws(FieldError) -> Zone
}
