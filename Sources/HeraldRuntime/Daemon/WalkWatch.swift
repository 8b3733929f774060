import Foundation
import HeraldCore

/// The walk the daemon watches: its route, the proximity monitor resumed from the store, and the
/// last position kept on its track.
struct WalkWatch: Sendable {
  var walk: Walk
  var route: Route
  var monitor: ProximityMonitor
  var lastTrackPoint: Coordinate?
}
