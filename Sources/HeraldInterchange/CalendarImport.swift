import Foundation
import HeraldCore

/// Turns iCalendar files into focus blocks and tasks (`contracts/calendar.md`): every `VEVENT` with
/// a date-time `DTSTART` is a block, every `VTODO` with a `DUE` a task, recurring ones expanded
/// within the horizon with ids `{UID}/{RID}`, overrides (`RECURRENCE-ID`) replacing their instance.
public enum CalendarImport {
  /// One file's calendars, as `ICalendarReader` read them.
  public struct File: Sendable {
    public var path: String
    public var calendars: [ICalendarComponent]

    public init(path: String, calendars: [ICalendarComponent]) {
      self.path = path
      self.calendars = calendars
    }
  }

  /// `state` with the blocks and tasks of `files` that start (a block) or fall due (a task) after
  /// `now` and at most `horizonDays` × 86 400 s after it. Errors name file, line, `UID` and problem.
  public static func merge(
    _ files: [File], into state: PlanningState, now: Date, horizonDays: Int
  ) throws(FieldError) -> PlanningState {
    let window = now...now.addingTimeInterval(Double(horizonDays) * 86_400)
    var groups: [String: CalendarSeriesGroup] = [:]
    var order: [String] = []
    for file in files {
      do {
        for entry in try entries(file, timeZone: state.timeZone, window: window) {
          if groups[entry.uid] == nil {
            groups[entry.uid] = CalendarSeriesGroup(uid: entry.uid)
            order.append(entry.uid)
          }
          try groups[entry.uid]?.add(entry)
        }
      } catch {
        throw error.inFile(file.path)
      }
    }
    var merged = state
    var output = CalendarOutput(state: state, window: window)
    for uid in order {
      guard let group = groups[uid] else { continue }
      do {
        try group.emit(into: &output, language: state.language)
      } catch {
        throw error.problem.inFile(error.path)
      }
    }
    merged.focusBlocks += output.blocks
    merged.tasks += output.tasks
    return merged
  }

  private static func entries(
    _ file: File, timeZone: TimeZone, window: ClosedRange<Date>
  ) throws(ICalendarProblem) -> [ICalendarEntry] {
    // Readings near the window are resolved from a table of the zone's changes in it.
    let zoneWindow = DateInterval(start: window.lowerBound, end: window.upperBound)
    var result: [ICalendarEntry] = []
    for calendar in file.calendars {
      let zones = try ICalendarZones(calendar: calendar, floating: timeZone, window: zoneWindow)
      for component in calendar.components {
        guard let kind = ICalendarEntry.Kind(rawValue: component.name) else { continue }
        result.append(try ICalendarEntry(component, kind: kind, path: file.path, zones: zones))
      }
    }
    return result
  }
}

/// A problem found after reading, in one of several files.
struct LocatedProblem: Error {
  var path: String
  var problem: ICalendarProblem
}

/// What the calendars add to the plan, with the ids seen so far (calendar ids must be unique and
/// differ from the scenario's).
struct CalendarOutput {
  var blocks: [FocusBlock] = []
  var tasks: [TodoItem] = []
  let window: ClosedRange<Date>
  private var scenarioIDs: Set<String>
  private var blockIDs: Set<String> = []
  private var taskIDs: Set<String> = []

  init(state: PlanningState, window: ClosedRange<Date>) {
    self.window = window
    scenarioIDs = Set(state.focusBlocks.map(\.id) + state.tasks.map(\.id))
  }

  /// Whether an instant counts: after `now`, at most the horizon after it.
  func counts(_ date: Date) -> Bool { date > window.lowerBound && date <= window.upperBound }

  /// Whether a wall-clock reading can resolve into the window in any zone (offsets stay within
  /// ±36 h): most of a large export lies far outside and is passed over without resolving it.
  func mayCount(_ local: LocalDateTime) -> Bool {
    let seconds = Double(local.localSeconds)
    return seconds >= window.lowerBound.timeIntervalSince1970 - 36 * 3600
      && seconds <= window.upperBound.timeIntervalSince1970 + 36 * 3600
  }

  /// Checks that `id` is not a scenario id; a single component's id is checked even outside the
  /// horizon, since it does not depend on it.
  func checkScenario(_ id: String, by entry: ICalendarEntry) throws(LocatedProblem) {
    if scenarioIDs.contains(id) {
      throw LocatedProblem(
        path: entry.path, problem: entry.problem("id \"\(id)\" is also an id of the scenario"))
    }
  }

  /// Checks that `id` is new for this kind and not a scenario id.
  mutating func claim(_ id: String, kind: ICalendarEntry.Kind, by entry: ICalendarEntry)
    throws(LocatedProblem)
  {
    try checkScenario(id, by: entry)
    let inserted = kind == .event ? blockIDs.insert(id).inserted : taskIDs.insert(id).inserted
    guard inserted else {
      throw LocatedProblem(
        path: entry.path, problem: entry.problem("id \"\(id)\" is given twice by the calendars"))
    }
  }
}
