import Foundation
import HeraldCore

/// The components of one `UID`: a series (or a single component) and its overrides, each
/// `RECURRENCE-ID` replacing the instance it names.
struct CalendarSeriesGroup {
  let uid: String
  private var master: ICalendarEntry?
  private var overrides: [String: ICalendarEntry] = [:]
  private var overrideOrder: [String] = []
  private var kind: ICalendarEntry.Kind?

  init(uid: String) { self.uid = uid }

  /// Adds a component; two that are not a series and its overrides are an error.
  mutating func add(_ entry: ICalendarEntry) throws(ICalendarProblem) {
    if let kind, kind != entry.kind {
      throw entry.problem("the UID is used by a \(kind.rawValue) too: one UID, one component")
    }
    kind = entry.kind
    if let recurrenceID = entry.recurrenceID {
      if let master, !master.isRecurring {
        throw entry.problem(
          "RECURRENCE-ID on a component whose UID's \(master.kind.rawValue) (line \(master.line)) does not recur"
        )
      }
      let rid = recurrenceID.recurrenceID
      if let other = overrides[rid] {
        throw entry.problem(
          "a second override of instance \(rid) (the first is at line \(other.line) of \(other.path))")
      }
      overrides[rid] = entry
      overrideOrder.append(rid)
    } else {
      if let master {
        throw entry.problem(
          "the UID is used by another \(master.kind.rawValue) (line \(master.line) of \(master.path))")
      }
      if !entry.isRecurring, let first = overrideOrder.first.flatMap({ overrides[$0] }) {
        throw first.problem("RECURRENCE-ID on a component whose UID's \(entry.kind.rawValue) does not recur")
      }
      master = entry
    }
  }

  /// Adds the group's blocks or tasks inside the window to `output`.
  func emit(into output: inout CalendarOutput, language: Language) throws(LocatedProblem) {
    if let master {
      // A series that is not a block or task (all-day, cancelled, no DUE) takes its overrides along.
      guard master.kind == .event ? master.start?.isDate == false : master.due != nil, !master.cancelled
      else {
        return
      }
      if master.isRecurring {
        try emitSeries(master, into: &output, language: language)
      } else {
        try emitSingle(master, id: uid, into: &output, language: language)
      }
    }
    for rid in overrideOrder {
      guard let entry = overrides[rid] else { continue }
      try emitSingle(entry, id: "\(uid)/\(rid)", into: &output, language: language)
    }
  }

  /// Whether a component that does not recur, alone under its `UID`, adds nothing to the plan
  /// and can find no problem there: a large export's components far from the window, which the
  /// reader passes over (noting only their `UID`) instead of keeping them.
  static func addsNothing(_ entry: ICalendarEntry, output: CalendarOutput) -> Bool {
    guard !entry.isRecurring, entry.recurrenceID == nil else { return false }
    guard let reading = reading(of: entry) else { return true }
    return !output.isScenarioID(entry.uid) && !output.mayCount(reading.local)
  }

  /// The wall-clock reading a single block starts at or a single task falls due at, and its
  /// zone; `nil` when the component is neither (cancelled, all-day, no `DUE`).
  private static func reading(of entry: ICalendarEntry) -> (local: LocalDateTime, zone: any ZoneOffsets)? {
    guard !entry.cancelled else { return nil }
    switch entry.kind {
    case .event:
      guard let start = entry.start, !start.isDate else { return nil }
      return (start.local, start.zone)
    case .todo:
      guard let due = entry.due else { return nil }
      return (dueLocal(due), due.zone)
    }
  }

  private func emitSingle(
    _ entry: ICalendarEntry, id: String, into output: inout CalendarOutput, language: Language
  ) throws(LocatedProblem) {
    guard let reading = Self.reading(of: entry) else { return }
    try output.checkScenario(id, by: entry)
    guard output.mayCount(reading.local) else { return }
    let instant = reading.zone.instant(at: reading.local)
    guard output.counts(instant) else { return }
    try output.claim(id, kind: entry.kind, by: entry)
    switch entry.kind {
    case .event:
      output.blocks.append(
        FocusBlock(
          id: id, title: entry.summary ?? "Focus Block", start: instant, end: end(of: entry, from: instant)))
    case .todo:
      output.tasks.append(
        TodoItem(
          id: id, title: entry.summary ?? Self.taskTitle(language), due: instant, completed: entry.completed))
    }
  }

  private func emitSeries(
    _ master: ICalendarEntry, into output: inout CalendarOutput, language: Language
  ) throws(LocatedProblem) {
    guard let first = master.kind == .event ? master.start : master.start ?? master.due else { return }
    // Instances are readings on DTSTART's clock: so are RDATEs and EXDATEs written without a zone.
    func instant(_ time: ICalendarTime) -> Date {
      time.isFloating ? first.zone.instant(at: time.local) : time.instant
    }
    let series = RecurrenceSeries(
      start: first.local, zone: first.zone, rule: master.rule, extraDates: master.extraDates.map(instant),
      excludedDates: master.excludedDates.map(instant))
    func rid(_ instance: RecurrenceInstance) -> String {
      first.isDate ? ICalendarTime.dateText(instance.local.date) : ICalendarTime.utcText(instance.start)
    }
    switch master.kind {
    case .event:
      let length = end(of: master, from: first.instant).timeIntervalSince(first.instant)
      for instance in RecurrenceExpander.instances(of: series, in: output.window)
      where output.counts(instance.start) {
        let id = rid(instance)
        guard overrides[id] == nil else { continue }
        try output.claim("\(uid)/\(id)", kind: .event, by: master)
        output.blocks.append(
          FocusBlock(
            id: "\(uid)/\(id)", title: master.summary ?? "Focus Block", start: instance.start,
            end: instance.start.addingTimeInterval(length)))
      }
    case .todo:
      guard let due = master.due else { return }
      // Each instance's due lies as much wall-clock time after its start as DUE after DTSTART.
      let dueLocal = Self.dueLocal(due)
      let shift = dueLocal.localSeconds - first.local.localSeconds
      // Starts and dues of one instance may be read in different zones: two days cover any offsets.
      let lower = output.window.lowerBound.addingTimeInterval(-Double(shift) - 2 * 86_400)
      let searched = lower...output.window.upperBound.addingTimeInterval(-Double(shift) + 2 * 86_400)
      for instance in RecurrenceExpander.instances(of: series, in: searched) {
        let instant = due.zone.instant(at: LocalDateTime(localSeconds: instance.local.localSeconds + shift))
        guard output.counts(instant) else { continue }
        let id = rid(instance)
        guard overrides[id] == nil else { continue }
        try output.claim("\(uid)/\(id)", kind: .todo, by: master)
        output.tasks.append(
          TodoItem(
            id: "\(uid)/\(id)", title: master.summary ?? Self.taskTitle(language), due: instant,
            completed: master.completed))
      }
    }
  }

  /// `DTEND`, else `DTSTART + DURATION`, else the start.
  private func end(of entry: ICalendarEntry, from start: Date) -> Date {
    if let end = entry.end { return end.instant }
    if let duration = entry.duration { return start.addingTimeInterval(Double(duration)) }
    return start
  }

  /// A date-only `DUE` is due at 23:59:00 of its day (`contracts/calendar.md`).
  private static func dueLocal(_ due: ICalendarTime) -> LocalDateTime {
    due.isDate ? LocalDateTime(localSeconds: due.local.localSeconds + 23 * 3600 + 59 * 60) : due.local
  }

  private static func taskTitle(_ language: Language) -> String { language == .de ? "Aufgabe" : "Task" }
}
