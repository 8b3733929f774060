import Foundation
import HeraldCore

/// Gathers the blocks and tasks of calendar files as they are read, one component at a time,
/// keeping only what the plan can need: series, overrides, components near the window, and the
/// `UID` and line of every other one (a `UID` must not be given twice). So a large export is
/// merged in the memory its few kept components take, not the file's.
///
/// A calendar's components are checked as they come but grouped by `UID` only at its end, once
/// its `VTIMEZONE`s — which may come after the components that use them — are all known.
/// Problems come out as if every file had been read whole and then merged in order: a calendar's
/// bad `VTIMEZONE` before its components' problems, those before the file's `UID` collisions, an
/// earlier file's before a later one's; and none before every file has been read.
struct CalendarCollector: ICalendarHandler {
  /// A component of the calendar being read, in file order.
  private enum Pending {
    /// Cut down to what `ICalendarEntry` reads, to be read again once the zones are final.
    case kept(ICalendarComponent, ICalendarEntry.Kind)
    /// Passed over, but its `UID` was seen before: queued for the error it leads to.
    case passedOver(uid: String, PassedOverComponents.Component)
  }

  private let state: PlanningState
  private let zoneWindow: DateInterval
  private var output: CalendarOutput
  private var groups: [String: CalendarSeriesGroup] = [:]
  /// `UID`s in the order they first came: the order blocks and tasks are added in.
  private var order: [String] = []
  private var passedOver = PassedOverComponents()
  private var paths: [String] = []
  /// The first problem: files after it are only read (a file that cannot be read comes first).
  private var problem: LocatedProblem?

  /// The file's first `UID` collision: it counts unless a later calendar of the file has a problem.
  private var collision: ICalendarProblem?
  /// The calendar's zones, provisional until its end.
  private var zones: ICalendarZones
  private var zoneProblem: ICalendarProblem?
  /// The calendar's first component with a problem, and how many `TZID`s were used undefined
  /// before it (an unknown one used before it comes first).
  private var componentProblem: (problem: ICalendarProblem, undefinedUses: Int)?
  private var pending: [Pending] = []
  /// The `UID`s of the components kept in `pending`.
  private var pendingUIDs: Set<String> = []

  /// Collects for `state` the instants after `window`'s start and at most at its end.
  init(state: PlanningState, window: ClosedRange<Date>) {
    self.state = state
    zoneWindow = DateInterval(start: window.lowerBound, end: window.upperBound)
    output = CalendarOutput(state: state, window: window)
    zones = ICalendarZones(floating: state.timeZone, window: zoneWindow)
  }

  private var path: String { paths.last ?? "" }

  /// A file begins: the calendars handed over next are its.
  mutating func beginFile(path: String) {
    paths.append(path)
    collision = nil
  }

  /// The file has been read whole.
  mutating func endFile() {
    if problem == nil, let collision { problem = LocatedProblem(path: path, problem: collision) }
  }

  mutating func beginCalendar(line: Int) {
    // Readings near the window are resolved from a table of the zone's changes in it.
    zones = ICalendarZones(floating: state.timeZone, window: zoneWindow)
    zoneProblem = nil
    componentProblem = nil
    pending = []
    pendingUIDs = []
  }

  mutating func component(_ component: ICalendarComponent) {
    guard problem == nil else { return }
    if component.name == "VTIMEZONE" {
      guard zoneProblem == nil else { return }
      do {
        try zones.define(component)
      } catch {
        zoneProblem = error
      }
      return
    }
    // Only the first problem counts: after it, components are not even checked.
    guard componentProblem == nil, let kind = ICalendarEntry.Kind(rawValue: component.name) else { return }
    let entry: ICalendarEntry
    do {
      entry = try ICalendarEntry(component, kind: kind, path: path, zones: zones)
    } catch {
      componentProblem = (error, zones.undefinedUses.count)
      pending = []
      pendingUIDs = []
      return
    }
    guard CalendarSeriesGroup.addsNothing(entry, output: output) else {
      pending.append(.kept(ICalendarEntry.essentials(of: component), kind))
      pendingUIDs.insert(entry.uid)
      return
    }
    let passed = PassedOverComponents.Component(kind: kind, line: entry.line, file: paths.count - 1)
    // A `UID` seen for the first time is noted at once rather than queued: nothing queued before
    // it can be refused because of it, and nothing after it sees a difference.
    if groups[entry.uid] == nil, passedOver.component(entry.uid) == nil, !pendingUIDs.contains(entry.uid) {
      passedOver.insert(entry.uid, passed)
    } else {
      pending.append(.passedOver(uid: entry.uid, passed))
    }
  }

  mutating func endCalendar(_ calendar: ICalendarComponent) {
    defer {
      pending = []
      pendingUIDs = []
    }
    guard problem == nil else { return }
    zones.seal()
    var found = zoneProblem
    if found == nil, let undefined = zones.firstUndefinedUse,
      undefined.order < componentProblem?.undefinedUses ?? .max
    {
      found = undefined.problem
    }
    if let found = found ?? componentProblem?.problem {
      problem = LocatedProblem(path: path, problem: found)
      return
    }
    guard collision == nil else { return }
    do {
      try group()
    } catch {
      collision = error
    }
  }

  /// Adds the calendar's components to their `UID`'s group, in file order.
  private mutating func group() throws(ICalendarProblem) {
    for item in pending {
      switch item {
      case .kept(let component, let kind):
        try add(ICalendarEntry(component, kind: kind, path: path, zones: zones))
      case .passedOver(let uid, let passed):
        guard groups[uid] == nil, passedOver.component(uid) == nil else {
          try add(
            ICalendarEntry(passedOver: passed.kind, uid: uid, path: paths[passed.file], line: passed.line))
          continue
        }
        passedOver.insert(uid, passed)
      }
    }
  }

  private mutating func add(_ entry: ICalendarEntry) throws(ICalendarProblem) {
    let uid = entry.uid
    if groups[uid] == nil {
      var group = CalendarSeriesGroup(uid: uid)
      // A component passed over comes back to say why this one is refused. (Its note stays:
      // from now on the group, looked at first, hides it.)
      if let earlier = passedOver.component(uid) {
        try group.add(
          ICalendarEntry(passedOver: earlier.kind, uid: uid, path: paths[earlier.file], line: earlier.line))
      }
      groups[uid] = group
      order.append(uid)
    }
    try groups[uid]?.add(entry)
  }

  /// Every `UID` read, kept or passed over.
  var uids: CalendarUIDs { CalendarUIDs(kept: Set(order), passedOver: passedOver) }

  /// The state with every file's blocks and tasks in the window; the first problem instead, if any.
  func merged() throws(FieldError) -> PlanningState {
    if let problem { throw problem.problem.inFile(problem.path) }
    var output = output
    for uid in order {
      guard let group = groups[uid] else { continue }
      do {
        try group.emit(into: &output, language: state.language)
      } catch {
        throw error.problem.inFile(error.path)
      }
    }
    var merged = state
    merged.focusBlocks += output.blocks
    merged.tasks += output.tasks
    return merged
  }
}
