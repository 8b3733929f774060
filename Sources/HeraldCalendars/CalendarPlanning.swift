import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

/// The planning state with the followed calendars' blocks and tasks added: what the daemon and
/// `herald upcoming` plan from.
public enum CalendarPlanning {
  /// How far back instances are kept: a block that started already still runs (the countdown),
  /// and a daemon catching up from its checkpoint still sees what fell due meanwhile.
  static let lookBackDays = 1
  /// How far ahead instances are expanded; the daemon re-reads at least every sync interval, so
  /// the window moves on with time.
  static let horizonDays = 14

  /// A calendar whose copy could not be planned from, and why.
  public struct Problem: Sendable, Hashable {
    public var calendarID: String
    public var message: String
  }

  /// The store's state in `timeZone` plus every followed calendar's instances around `now`. A
  /// calendar whose copy cannot be merged (an id given twice) is left out and reported.
  /// `calendars` maps each calendar block's and task's id to the name of its calendar, so that
  /// listings can mark them (the core's models carry no source).
  /// A process that plans again and again passes the `instances` it keeps, so that a calendar is
  /// parsed only when it changed (or once a day), not at every plan.
  public static func planningState(
    store: SQLiteStore, timeZone: Zone, now: Date, instances: CalendarInstances? = nil
  ) throws -> (state: PlanningState, problems: [Problem], calendars: [String: String]) {
    var state = try store.planningState(timeZone: timeZone)
    var problems: [Problem] = []
    var names: [String: String] = [:]
    let calendars = try store.calendars()
    instances?.keep(only: Set(calendars.map(\.id)))
    for calendar in calendars {
      do {
        let items = try store.calendarItems(calendar.id)
        let merged =
          try instances?.merge(items, of: calendar, into: state, now: now)
          ?? merge(items, of: calendar, into: state, now: now)
        for block in merged.focusBlocks.dropFirst(state.focusBlocks.count) { names[block.id] = calendar.name }
        for task in merged.tasks.dropFirst(state.tasks.count) { names[task.id] = calendar.name }
        state = merged
      } catch {
        problems.append(Problem(calendarID: calendar.id, message: "\(error)"))
      }
    }
    return (state, problems, names)
  }

  /// Refuses an `id` a person chose for a focus block or task (`kind`) when a followed calendar's
  /// block or task has it around `now`: the two would shadow each other, and the calendar would be
  /// left out of every plan. The error names the calendar.
  public static func requireUnusedByCalendars(
    _ id: String?, kind: String, store: SQLiteStore, timeZone: Zone, now: Date
  ) throws {
    guard let id, try !store.calendars().isEmpty else { return }
    if let name = try planningState(store: store, timeZone: timeZone, now: now).calendars[id] {
      throw RecordError(
        .alreadyExists, subject: "\(kind) \(id)",
        problem: "is the id of an item of the calendar \(name); choose another id")
    }
  }

  /// What the live view shows at `now` needs (`SQLiteStore.liveState`); with calendars followed,
  /// the whole state with their instances, since a calendar's blocks may link any task.
  public static func liveState(
    store: SQLiteStore, timeZone: Zone, now: Date, instances: CalendarInstances? = nil
  ) throws -> PlanningState {
    guard try store.calendars().isEmpty else {
      return try planningState(store: store, timeZone: timeZone, now: now, instances: instances).state
    }
    return try store.liveState(timeZone: timeZone, at: now)
  }

  /// `state` with `items`' blocks and tasks added; the check `calendar add` and every read make
  /// before a copy is kept.
  public static func merge(
    _ items: [CalendarItem], of calendar: FollowedCalendar, into state: PlanningState, now: Date
  ) throws(FieldError) -> PlanningState {
    return try CalendarImport.merge(
      reading: documents(items, of: calendar), into: state, now: window(around: now).lowerBound,
      horizonDays: lookBackDays + horizonDays)
  }

  /// The instants a plan at `now` takes a calendar's instances from: after the lower bound, at most
  /// the upper.
  static func window(around now: Date) -> ClosedRange<Date> {
    let start = now.addingTimeInterval(-Double(lookBackDays) * 86_400)
    return start...start.addingTimeInterval(Double(lookBackDays + horizonDays) * 86_400)
  }

  /// The calendar's items as documents to read as streams: a followed 50 MB export is kept as one
  /// item, and only what the window needs of it is held while it is read, not its every component.
  static func documents(_ items: [CalendarItem], of calendar: FollowedCalendar) -> [CalendarImport.Document] {
    items.map { CalendarImport.Document.data($0.data, path: CalendarSourceReader.path(of: $0, in: calendar)) }
  }
}
