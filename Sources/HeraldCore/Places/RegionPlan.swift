import Foundation

/// The regions to monitor for a walk at one moment: circles around the nearest unvisited points
/// of interest and, when some were left out, one refresh region around the position whose exit
/// calls for a new plan.
public struct RegionPlan: Sendable, Hashable {
  /// Where the plan was made.
  public var center: Coordinate
  /// One region per point of interest monitored; each region's identifier is the point's id.
  public var points: [CircularRegion]
  /// Around `center`, reaching just short of the nearest point left out; `nil` when none was.
  public var refresh: CircularRegion?

  /// A plan made at `center`.
  public init(center: Coordinate, points: [CircularRegion], refresh: CircularRegion?) {
    self.center = center
    self.points = points
    self.refresh = refresh
  }

  /// Every region to monitor: the points', then the refresh region.
  public var regions: [CircularRegion] { points + (refresh.map { [$0] } ?? []) }

  /// What to stop and start monitoring to go from `previous` (nothing, when `nil`) to this plan:
  /// a region kept as it was is neither stopped nor started again (re-adding a region is the
  /// classic cause of a second ENTER for a place already reached).
  public func changes(from previous: RegionPlan?) -> (stop: [String], start: [CircularRegion]) {
    let before = previous?.regions ?? []
    let old = Dictionary(before.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(regions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    // A region that changed (the refresh region, moved) is stopped and started anew.
    return (
      before.filter { new[$0.identifier] != $0 }.map(\.identifier),
      regions.filter { old[$0.identifier] != $0 }
    )
  }
}
