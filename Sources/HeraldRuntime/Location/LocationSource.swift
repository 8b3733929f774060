import Foundation
import HeraldCore

/// Where location fixes come from on the desktop: gpsd, a recorded GPX track, JSON lines on
/// standard input. CoreLocation's counterpart.
public protocol LocationSource: Sendable {
  /// The source's events, until it ends (a file or standard input read to its end) or the
  /// listener stops listening.
  func events() -> AsyncStream<LocationEvent>
}
