import Foundation
import GRDB
import HeraldContracts
import HeraldCore

extension SQLiteStore {
  /// Everything a plan needs, read from one snapshot, to be planned in `timeZone`.
  ///
  /// With a movement schedule, the state carries the movement log (empty when nothing happened
  /// yet), so the plan holds the snooze, follow-up and progress report as well.
  public func planningState(timeZone: Zone) throws -> PlanningState {
    // Its statements stay prepared on each reader connection (`cachedStatement`): preparing a
    // dozen of them again took a sixth of the server's time answering `GET /api/v1/plan`.
    try read { db in
      let movement = try Self.fetchMovementSchedule(db)
      var state = PlanningState(
        timeZone: timeZone, language: try Self.fetchLanguage(db), settings: try Self.fetchSettings(db),
        focusBlocks: try Self.fetchFocusBlocks(db), tasks: try Self.fetchTasks(db), movement: movement,
        movementLog: movement == nil ? nil : try Self.fetchMovementLog(db) ?? MovementLog())
      state.problems = try Self.fetchStoredProblems(db)
      return state
    }
  }

  /// What the live view shows at `now` needs, read from one snapshot: the language, the focus
  /// blocks, and only the tasks that blocks running at `now` link (the countdown shows the
  /// running block's). Read after every change, it costs the same however many tasks are stored.
  public func liveState(timeZone: Zone, at now: Date) throws -> PlanningState {
    try read { db in
      let blocks = try Self.fetchFocusBlocks(db)
      let linked = Set(blocks.filter { $0.isRunning(at: now) }.flatMap(\.taskIDs))
      return PlanningState(
        timeZone: timeZone, language: try Self.fetchLanguage(db), focusBlocks: blocks,
        tasks: try Self.fetchTasks(db, ids: linked))
    }
  }

  /// Replaces the user's data with `state` in one transaction (an import): its zone, language,
  /// every setting, blocks, tasks and movement schedule.
  ///
  /// The delivery log stays, so reminders already shown are not shown again; so does the
  /// movement log unless `state` carries one (a scenario document does not), so today's counts
  /// survive a re-import. Focus blocks may link tasks the state does not list, as a scenario may.
  ///
  /// Routes are replaced only when `state.routes` lists them (routes it does not list are
  /// removed); a walk under way on a route it lists goes on as `importRoute` keeps it.
  public func replaceAll(with state: PlanningState) throws {
    // The state's own rules, checked before anything is deleted (a decoded scenario obeys them).
    try Self.checkEach(state.focusBlocks, "focusBlocks", RecordRules.check)
    try Self.checkEach(state.tasks, "tasks", RecordRules.check)
    try Self.checkEach(state.routes ?? [], "routes", RecordRules.check)
    try write { db in
      for table in ["focusBlockTask", "focusBlock", "task", "setting"] {
        try db.execute(sql: "DELETE FROM \(table)")
      }
      try db.execute(
        sql: "UPDATE profile SET language = ?, timeZone = ? WHERE id = 1",
        arguments: [state.language.rawValue, state.timeZone.identifier])
      for key in SettingKey.allCases { try Self.store(key, state.settings[key], db) }
      for (position, block) in state.focusBlocks.enumerated() {
        try Self.insert(block, position: position, db)
      }
      for (position, task) in state.tasks.enumerated() {
        try Self.insert(task, position: position, db)
      }
      try Self.store(state.movement, db)
      if let log = state.movementLog { try Self.store(log, db) }
      if let routes = state.routes { try Self.replaceRoutes(with: routes, db) }
    }
  }

  /// Checks every element and that ids are unique; errors name the element: `tasks[3].title`.
  private static func checkEach<T: Identifiable<String>>(
    _ elements: [T], _ name: String, _ check: (T) throws(FieldError) -> Void
  ) throws(FieldError) {
    var seen = Set<String>()
    for (index, element) in elements.enumerated() {
      do { try check(element) } catch { throw error.prefixed("\(name)[\(index)]") }
      guard seen.insert(element.id).inserted else {
        throw FieldError("\(name)[\(index)].id", "\"\(element.id)\" is used twice")
      }
    }
  }
}
