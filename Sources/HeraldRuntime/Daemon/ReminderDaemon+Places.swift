import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import Logging

/// Spec 004 on the daemon: location fixes for the walk under way. Each fix's visits and the
/// completion are reminders that came due, decided by the one delivery rule and shown by the same
/// sinks; what they record (the visit, the completion) is stored with their delivery, so a daemon
/// killed mid-walk resumes where it was.
extension ReminderDaemon {
  /// A location fix arrived from the source. Changes made by other processes (the POI setting, a
  /// route started, stopped or imported again) are read first, so each fix sees them.
  public func handle(_ fix: LocationFix) async throws {
    try start()
    let now = clock.now()
    try reloadIfChanged()
    if !locationAvailable {
      locationAvailable = true
      walk?.monitor.locationAuthorizationChanged(granted: true)
      logger.notice("location fixes are back: place notifications resumed")
    }
    if let rejection = fixFilter.admit(fix) {
      logger.debug("fix skipped", metadata: ["reason": "\(rejection)"])
      return
    }
    guard var watch = walk else { return }
    handlingFix = true
    defer {
      handlingFix = false
      if walkReloadPending { try? reloadWalk() }
    }
    let due = watch.monitor.dueReminders(
      for: fix, at: now, notificationsEnabled: state.settings.poiNotificationsEnabled)
    walk = watch
    do {
      for reminder in due { try await carryOut(reminder, at: now) }
      try extendTrack(with: fix)
    } catch {
      // What the store did not take must not stay in memory: start again from what it holds.
      walkReloadPending = true
      throw error
    }
  }

  /// The location source stopped answering (refused, closed, silent): the walk's monitor pauses
  /// until fixes return. Said once per outage.
  public func locationUnavailable(_ reason: String) {
    guard locationAvailable else { return }
    locationAvailable = false
    walk?.monitor.locationAuthorizationChanged(granted: false)
    logger.warning("no location fixes: place notifications paused", metadata: ["reason": "\(reason)"])
  }

  /// The walk under way, and its monitor, as the store has them.
  func reloadWalk() throws {
    guard !handlingFix else {
      walkReloadPending = true
      return
    }
    walkReloadPending = false
    guard let stored = try store.activeWalk(), let route = try store.route(id: stored.routeID) else {
      if walk != nil { logger.info("no walk under way") }
      walk = nil
      return
    }
    if walk?.walk.routeID != stored.routeID || walk?.walk.startedAt != stored.startedAt {
      logger.info(
        "walking",
        metadata: ["route": "\(route.id)", "visited": "\(stored.visited.count)/\(route.waypoints.count)"])
    }
    var monitor = stored.monitor(on: route, radius: configuration.proximityRadius, language: state.language)
    if !locationAvailable { monitor.locationAuthorizationChanged(granted: false) }
    let lastPoint = walk?.walk.startedAt == stored.startedAt ? walk?.lastTrackPoint : nil
    walk = WalkWatch(walk: stored, route: route, monitor: monitor, lastTrackPoint: lastPoint)
  }

  /// Keeps the fix's position on the walk's track when it moved far enough from the last one kept.
  private func extendTrack(with fix: LocationFix) throws {
    guard let last = walk?.lastTrackPoint else {
      try store.appendToTrack(fix.coordinate, at: fix.timestamp)
      walk?.lastTrackPoint = fix.coordinate
      return
    }
    guard last.distance(to: fix.coordinate) >= configuration.trackSpacing else { return }
    try store.appendToTrack(fix.coordinate, at: fix.timestamp)
    walk?.lastTrackPoint = fix.coordinate
  }

  /// The walk's monitor, for tests.
  public var walkMonitor: ProximityMonitor? { walk?.monitor }
}
