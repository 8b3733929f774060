import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import Logging
import ServiceLifecycle

/// Reads every followed calendar when the daemon starts and again every `interval` seconds of the
/// daemon's clock, then lets the daemon replan (`afterEachPass`). A calendar that cannot be read keeps its last good
/// copy (so its reminders stay, and the delivery log keeps them from being shown twice); the
/// failure is logged once, and the recovery once.
public struct CalendarFollower: Service {
  let store: SQLiteStore
  let afterEachPass: @Sendable () async throws -> Void
  let clock: any HeraldClock
  let zones: any TimeZoneSource
  let interval: Double
  let logger: Logger

  public init(
    store: SQLiteStore, clock: any HeraldClock, zones: any TimeZoneSource,
    interval: Double, logger: Logger, afterEachPass: @escaping @Sendable () async throws -> Void
  ) {
    self.store = store
    self.afterEachPass = afterEachPass
    self.clock = clock
    self.zones = zones
    self.interval = interval
    self.logger = logger
  }

  public func run() async throws {
    try await cancelWhenGracefulShutdown {
      var failing: Set<String> = []
      while !Task.isCancelled {
        try await readAll(failing: &failing)
        do {
          try await clock.sleep(until: clock.now().addingTimeInterval(interval), maximumWait: interval)
        } catch is CancellationError {
          return
        }
      }
    }
  }

  /// One pass over every followed calendar, then one replan.
  func readAll(failing: inout Set<String>) async throws {
    let calendars = try store.calendars()
    guard !calendars.isEmpty else { return }
    for calendar in calendars {
      do {
        let changed = try await CalendarSync.sync(
          calendar, store: store, now: clock.now(), timeZone: try zones.current())
        if failing.remove(calendar.id) != nil {
          logger.notice("calendar readable again", metadata: ["id": "\(calendar.id)"])
        }
        logger.info("calendar read", metadata: ["id": "\(calendar.id)", "changed": "\(changed)"])
      } catch {
        if failing.insert(calendar.id).inserted {
          logger.error(
            "calendar cannot be read, keeping its last good copy",
            metadata: ["id": "\(calendar.id)", "error": "\(error)"])
        }
      }
    }
    try await afterEachPass()
  }
}
