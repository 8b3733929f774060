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

  /// An iCalendar file to read while merging: streamed from disk (`-` is standard input), or a
  /// copy in memory (a calendar item kept in the store), read the same way.
  public enum Document: Sendable {
    case file(path: String)
    case data(Data, path: String)
  }

  /// `state` with the blocks and tasks of `files` that start (a block) or fall due (a task) after
  /// `now` and at most `horizonDays` × 86 400 s after it. Errors name file, line, `UID` and problem.
  public static func merge(
    _ files: [File], into state: PlanningState, now: Date, horizonDays: Int
  ) throws(FieldError) -> PlanningState {
    var collector = CalendarCollector(state: state, window: window(now: now, horizonDays: horizonDays))
    for file in files {
      collector.beginFile(path: file.path)
      for calendar in file.calendars {
        collector.beginCalendar(line: calendar.line)
        for component in calendar.components { collector.component(component) }
        collector.endCalendar(calendar)
      }
      collector.endFile()
    }
    return try collector.merged()
  }

  /// As `merge(_:into:now:horizonDays:)`, reading each document as a stream: what the plan cannot
  /// need is dropped as it is read, so a large export takes little memory. As when every file was
  /// read before merging, a document that cannot be read is the error even after a problem in an
  /// earlier one's components.
  public static func merge(
    reading documents: [Document], into state: PlanningState, now: Date, horizonDays: Int
  ) throws(FieldError) -> PlanningState {
    try read(documents, into: state, now: now, horizonDays: horizonDays).state
  }

  /// As `merge(reading:into:now:horizonDays:)`, with every `UID` the documents have: an id of
  /// `state` that none of them names (`CalendarUIDs.mayName`) changes nothing of the reading.
  public static func read(
    _ documents: [Document], into state: PlanningState, now: Date, horizonDays: Int
  ) throws(FieldError) -> (state: PlanningState, uids: CalendarUIDs) {
    var collector = CalendarCollector(state: state, window: window(now: now, horizonDays: horizonDays))
    for document in documents {
      switch document {
      case .file(let path):
        collector.beginFile(path: path)
        try ICalendarReader.read(InputFile(path: path, limit: ICalendarReader.largestFile), into: &collector)
      case .data(let data, let path):
        collector.beginFile(path: path)
        try ICalendarReader.read(data, path: path, into: &collector)
      }
      collector.endFile()
    }
    return (try collector.merged(), collector.uids)
  }

  private static func window(now: Date, horizonDays: Int) -> ClosedRange<Date> {
    now...now.addingTimeInterval(Double(horizonDays) * 86_400)
  }

  /// Whether an instance starting (a block) or falling due (a task) at `date` is one a reading of
  /// `window` gives: after its start, at most its end.
  public static func counts(_ date: Date, in window: ClosedRange<Date>) -> Bool {
    date > window.lowerBound && date <= window.upperBound
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
  func counts(_ date: Date) -> Bool { CalendarImport.counts(date, in: window) }

  /// Whether a wall-clock reading can resolve into the window in any zone (offsets stay within
  /// ±36 h): most of a large export lies far outside and is passed over without resolving it.
  func mayCount(_ local: LocalDateTime) -> Bool {
    let seconds = Double(local.localSeconds)
    return seconds >= window.lowerBound.timeIntervalSince1970 - 36 * 3600
      && seconds <= window.upperBound.timeIntervalSince1970 + 36 * 3600
  }

  /// Whether `id` is a block's or task's id in the scenario.
  func isScenarioID(_ id: String) -> Bool { scenarioIDs.contains(id) }

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
