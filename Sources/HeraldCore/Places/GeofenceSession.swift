import Foundation

/// A walk watched through the platform's region monitoring instead of every fix: what an iOS app
/// runs, within its 20 regions, from `CLLocationManager`'s region events.
///
/// The session keeps a `RegionPlan` and the proximity monitor. The platform reports entering a
/// point's region (the point is visited, with the same notifications the fix-based monitor
/// raises) and leaving the refresh region (a new plan from the position then). On every new plan
/// the points whose regions already contain the position are visited at once: the platform only
/// reports crossings, and a region started while inside it has none (iOS's `requestState`).
public struct GeofenceSession: Sendable {
  /// The walk's visits and completion, as the fix-based monitor keeps them.
  public private(set) var monitor: ProximityMonitor
  /// The regions monitored now; `nil` before the position is first known.
  public private(set) var plan: RegionPlan?
  /// How many plans were made.
  public private(set) var planCount = 0
  private let planner: RegionPlanner

  /// What the platform must do after an event, and the notifications it brings.
  public struct Update: Sendable {
    /// Every visit and the completion, whatever the user's setting (the caller decides what is shown).
    public var events: [ProximityEvent] = []
    /// Regions to stop monitoring (by identifier), then regions to start.
    public var stop: [String] = []
    public var start: [CircularRegion] = []
  }

  /// A region event, as `CLLocationManagerDelegate` reports it.
  public enum RegionEvent: Sendable, Hashable {
    case entered(String)
    case exited(String)
  }

  /// Watches `monitor`'s walk with at most `maximumRegions` regions at once (`Limits.iOS`: 20).
  public init(monitor: ProximityMonitor, maximumRegions: Int) {
    self.monitor = monitor
    planner = RegionPlanner(route: monitor.route, radius: monitor.radius, maximumRegions: maximumRegions)
  }

  /// The position is known (the first fix, or the position when the refresh region was left):
  /// plans from it and visits the points whose regions contain it.
  public mutating func locate(_ fix: LocationFix) -> Update {
    let previous = plan
    var update = Update()
    while true {
      let current = planner.plan(at: fix.coordinate) { monitor.isVisited(index: $0) }
      planCount += 1
      plan = current
      var visitedNow = false
      for region in current.points where region.center.distance(to: fix.coordinate) <= region.radius {
        update.events += monitor.regionEntered(region.identifier, at: fix.timestamp)
        visitedNow = true
      }
      // More points in reach than regions (the refresh region collapsed): the visits freed slots,
      // so plan again until every point in reach has had its region.
      guard visitedNow, current.refresh?.radius == 0 else { break }
    }
    dropVisited()
    (update.stop, update.start) = plan.map { $0.changes(from: previous) } ?? ([], [])
    return update
  }

  /// A region event from the platform, with the fix it came with (its position and time).
  public mutating func handle(_ event: RegionEvent, fix: LocationFix) -> Update {
    switch event {
    case .entered(let identifier) where identifier != RegionPlanner.refreshIdentifier:
      let previous = plan
      var update = Update(events: monitor.regionEntered(identifier, at: fix.timestamp))
      dropVisited()
      (update.stop, update.start) = plan.map { $0.changes(from: previous) } ?? ([], [])
      return update
    case .exited(RegionPlanner.refreshIdentifier):
      return locate(fix)
    default:
      return Update()
    }
  }

  /// A point visited needs no region any more.
  private mutating func dropVisited() {
    plan?.points.removeAll { monitor.visited.contains($0.identifier) }
  }
}
