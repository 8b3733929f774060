import Foundation
import HeraldCore
import HeraldRuntime
import HeraldStore

/// Whose data a request acts on, once its token (or page session) is known: the store holding the
/// data, and the zone the user's wall-clock rules are evaluated in.
struct Account: Sendable {
  /// The token's (or user's) name, for logs; never its secret.
  var name: String
  /// The user's data: a SQLite file, or one user of a PostgreSQL database.
  var store: any UserData
  /// Read when asked, so a zone change applies to the next request.
  var timeZone: @Sendable () -> TimeZone
  /// One person's SQLite store, whose followed calendars (`herald calendar add`) are planned with
  /// their own data; nil for the users of a PostgreSQL database, who follow none yet.
  var calendars: HeraldStore?

  /// The account of the request being handled, set by the middleware that authenticated it.
  @TaskLocal static var current: Account?
}

extension Account {
  /// What the user's reminders, today page and countdown come from at `now`: their data, with the
  /// blocks and tasks of the calendars they follow — read-only here, as in `herald upcoming`.
  func planningState(at now: Date) async throws -> PlanningState {
    let zone = timeZone()
    guard let calendars else { return try await store.planningState(timeZone: zone) }
    return try CalendarPlanning.planningState(store: calendars, timeZone: zone, now: now).state
  }
}
