import Foundation

/// A zone set by hand, for tests and the demo.
public final class FixedTimeZoneSource: TimeZoneSource, @unchecked Sendable {
  private let lock = NSLock()
  private var zone: TimeZone

  public init(_ zone: TimeZone) { self.zone = zone }

  public func current() -> TimeZone { lock.withLock { zone } }

  /// Moves the user to another zone, as a system setting change would.
  public func set(_ zone: TimeZone) { lock.withLock { self.zone = zone } }
}
