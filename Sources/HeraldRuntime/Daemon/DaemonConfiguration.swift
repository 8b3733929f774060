import Foundation
import HeraldCore

/// How the daemon treats time: what counts as late or missed, how often it looks for changes,
/// and what counts as a clock jump.
public struct DaemonConfiguration: Sendable {
  /// Late and missed, by the core's rule.
  public var delivery = DeliveryPolicy()
  /// Seconds (of the daemon's clock) between checks for changes, zone changes and clock jumps.
  public var pollInterval: Double = 1
  /// Seconds between writes of how far deliveries have been handled.
  public var checkpointInterval: Double = 30
  /// A disagreement between the wall and the monotonic clock beyond this is a clock jump.
  public var jumpTolerance: Double = 2
  /// Location fixes vaguer than this (metres of horizontal accuracy) are ignored.
  public var maximumAccuracy = LocationFixFilter.defaultMaximumAccuracy
  /// Metres within which a point of interest counts as reached.
  public var proximityRadius = ProximityMonitor.defaultRadius
  /// The walk's track (for the map) keeps a position only this many metres from the last kept.
  public var trackSpacing: Double = 5

  public init() {}
}
