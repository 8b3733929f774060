import Foundation
import HeraldCore
import HeraldStore

/// One read of a followed calendar: the new copy is kept only when it reads and parses whole;
/// otherwise the last good copy stays and the problem is recorded.
public enum CalendarSync {
  /// Reads `calendar` now and keeps the copy; throws (after recording it) when it cannot be read.
  /// Returns whether the copy changed.
  @discardableResult
  public static func sync(_ calendar: FollowedCalendar, store: HeraldStore, now: Date, timeZone: TimeZone)
    async throws -> Bool
  {
    let items: [CalendarItem]
    do {
      items = try await read(calendar, now: now, timeZone: timeZone)
    } catch {
      try store.recordCalendarFailure(calendar.id, problem: error.description)
      throw error
    }
    let changed = try store.calendarItems(calendar.id) != items
    try store.replaceCalendarItems(calendar.id, items: items, readAt: now)
    return changed
  }

  /// Reads `calendar`'s source and checks that every item parses and expands.
  public static func read(_ calendar: FollowedCalendar, now: Date, timeZone: TimeZone)
    async throws(FieldError)
    -> [CalendarItem]
  {
    let items = try await CalendarSourceReader.read(calendar)
    _ = try CalendarPlanning.merge(items, of: calendar, into: PlanningState(timeZone: timeZone), now: now)
    return items
  }
}
