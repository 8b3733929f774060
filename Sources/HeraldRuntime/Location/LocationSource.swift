import Foundation
import HeraldCore

/// What a location source reports.
public enum LocationEvent: Sendable, Hashable {
  /// A position.
  case fix(LocationFix)
  /// No fixes can come for now (the source refused, closed or fell silent): why, for the log.
  case unavailable(String)
}

/// Where location fixes come from on the desktop: gpsd, a recorded GPX track, JSON lines on
/// standard input. CoreLocation's counterpart.
public protocol LocationSource: Sendable {
  /// The source's events, until it ends (a file or standard input read to its end) or the
  /// listener stops listening.
  func events() -> AsyncStream<LocationEvent>
}

/// Set once, read from another thread: tells a reading thread its listener has gone.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false

  func stop() { lock.withLock { stopped = true } }
  var isStopped: Bool { lock.withLock { stopped } }
}
