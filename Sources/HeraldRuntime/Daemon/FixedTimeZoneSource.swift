import Foundation
import HeraldContracts
import HeraldCore

/// A zone set by hand, for tests and the demo.
public final class FixedTimeZoneSource: TimeZoneSource, @unchecked Sendable {
  private let lock = NSLock()
  private var zone: Zone

  public init(_ zone: Zone) { self.zone = zone }

  public func current() -> Zone { lock.withLock { zone } }

  /// Moves the user to another zone, as a system setting change would, or gives the same zone new
  /// rules, as an update of the tz database would.
  public func set(_ zone: Zone) { lock.withLock { self.zone = zone } }
}
