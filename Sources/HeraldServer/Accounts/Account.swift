import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldRuntime
import HeraldSQLite

/// Whose data a request acts on, once its token (or page session) is known: the store holding the
/// data, and the zone the user's wall-clock rules are evaluated in.
struct Account: Sendable {
  /// The token's (or user's) name, for logs; never its secret.
  var name: String
  /// The user's data: a SQLite file, or one user of a PostgreSQL database.
  var store: any UserData
  /// Read when asked, so a zone change applies to the next request.
  var timeZone: @Sendable () throws(FieldError) -> Zone
  /// One person's SQLite store, whose followed calendars (`herald calendar add`) are planned with
  /// their own data; nil for the users of a PostgreSQL database, who follow none yet.
  var calendars: SQLiteStore?
  /// What `calendars` add to the plan, kept between requests (`CalendarInstances`).
  var calendarInstances: CalendarInstances?
  /// Whose reminders a notification's links act on: one person's store, or this user's.
  var linkScope: ActionLink.Scope

  /// The account of the request being handled, set by the middleware that authenticated it.
  @TaskLocal static var current: Account?
}

extension Account {
  /// Refuses an id the user chose that a calendar they follow uses (`CalendarPlanning`).
  func requireUnusedByCalendars(_ id: String?, kind: String, at now: Date) throws {
    guard let calendars else { return }
    try CalendarPlanning.requireUnusedByCalendars(
      id, kind: kind, store: calendars, timeZone: try timeZone(), now: now)
  }

  /// What the user's reminders, today page and countdown come from at `now`: their data, with the
  /// blocks and tasks of the calendars they follow — read-only here, as in `herald upcoming`.
  func planningState(at now: Date) async throws -> PlanningState { try await plan(at: now).state }

  /// `planningState(at:)`, with the name of the calendar each calendar block and task comes from.
  func plan(at now: Date) async throws -> (state: PlanningState, calendars: [String: String]) {
    let zone = try timeZone()
    guard let calendars else { return (try await store.planningState(timeZone: zone), [:]) }
    let planned = try CalendarPlanning.planningState(
      store: calendars, timeZone: zone, now: now, instances: calendarInstances)
    return (planned.state, planned.calendars)
  }
}

extension Account {
  /// Changes block `id` as `change` edits it: one of the user's own, or else — on one person's
  /// server that follows calendars — the calendar event it is, as `herald block edit` changes it
  /// (guarded by its ETag: an event another client changed meanwhile is a conflict, not overwritten).
  @discardableResult
  func updateFocusBlock(id: String, at now: Date, _ change: (inout FocusBlock) -> Void) async throws
    -> FocusBlock
  {
    do {
      return try await store.updateFocusBlock(id: id, change)
    } catch let missing as RecordError where missing.reason == .notFound {
      guard let calendars,
        let block = try await CalendarBlockWriter(store: calendars, timeZone: try timeZone()).edit(
          id: id, now: now, change)
      else { throw missing }
      return block
    }
  }

  /// Removes block `id`: one of the user's own, or else the calendar event it is.
  func removeFocusBlock(id: String, at now: Date) async throws {
    do {
      try await store.removeFocusBlock(id: id)
    } catch let missing as RecordError where missing.reason == .notFound {
      guard let calendars,
        try await CalendarBlockWriter(store: calendars, timeZone: try timeZone()).remove(id: id, now: now)
      else { throw missing }
    }
  }
}
