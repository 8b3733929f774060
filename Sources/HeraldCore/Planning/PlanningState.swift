import Foundation

/// Everything a plan depends on besides `now`: the user's data, settings, zone and language.
/// The scenario document of `contracts/plan.md` is this value written as JSON.
public struct PlanningState: Sendable, Hashable {
  public var timeZone: Zone
  public var language: Language
  public var settings: Settings
  public var focusBlocks: [FocusBlock]
  public var tasks: [TodoItem]
  public var movement: MovementSchedule?
  /// What became of movement reminders so far; with it the plan adds snooze, follow-up and
  /// progress report. A scenario document has none.
  public var movementLog: MovementLog?
  /// Walking routes, when a document lists them (`nil`: it says nothing about routes). No
  /// reminder is planned from them: place notifications come from location fixes.
  public var routes: [Route]?
  /// What the store holds but could not read whole (`StoredProblem`); no plan depends on it.
  public var problems: [StoredProblem] = []

  public init(
    timeZone: Zone, language: Language = .de, settings: Settings = Settings(),
    focusBlocks: [FocusBlock] = [], tasks: [TodoItem] = [], movement: MovementSchedule? = nil,
    movementLog: MovementLog? = nil, routes: [Route]? = nil
  ) {
    self.timeZone = timeZone
    self.language = language
    self.settings = settings
    self.focusBlocks = focusBlocks
    self.tasks = tasks
    self.movement = movement
    self.movementLog = movementLog
    self.routes = routes
  }
}
