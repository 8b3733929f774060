import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// One read of a followed calendar: the new copy is kept only when it reads and parses whole;
/// otherwise the last good copy stays and the problem is recorded.
public enum CalendarSync {
  /// Reads `calendar` now and keeps the copy; throws (after recording it) when it cannot be read.
  /// Returns whether the copy changed.
  @discardableResult
  public static func sync(_ calendar: FollowedCalendar, store: SQLiteStore, now: Date, timeZone: Zone)
    async throws -> Bool
  {
    let previous = try store.calendarItems(calendar.id)
    let read: (items: [CalendarItem], syncToken: String?)
    do {
      read = try await Self.read(calendar, previous: previous, now: now, timeZone: timeZone)
    } catch {
      try store.recordCalendarFailure(calendar.id, problem: error.description)
      throw error
    }
    try store.replaceCalendarItems(calendar.id, items: read.items, readAt: now, syncToken: read.syncToken)
    return previous != read.items
  }

  /// Reads `calendar`'s source (a web source by `deadline`) and checks that every item parses and
  /// expands.
  public static func read(
    _ calendar: FollowedCalendar, previous: [CalendarItem] = [], now: Date, timeZone: Zone,
    deadline: ContinuousClock.Instant = .now + CalendarSourceReader.webReadTimeout
  ) async throws(FieldError) -> (items: [CalendarItem], syncToken: String?) {
    let read = try await CalendarSourceReader.read(calendar, previous: previous, now: now, deadline: deadline)
    // The last good copy was checked when it was kept: an unchanged read (most of them) is not
    // parsed again.
    if read.items != previous {
      _ = try CalendarPlanning.merge(
        read.items, of: calendar, into: PlanningState(timeZone: timeZone), now: now)
    }
    return read
  }
}
