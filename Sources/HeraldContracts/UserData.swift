import Foundation
import HeraldCore

/// What the server needs of one user's data, whatever holds it: `SQLiteStore` (one person, a
/// SQLite file) and `PostgresUserData` (one user of a PostgreSQL database). The API and the pages
/// are written once against this; both engines apply the same rules (`PlanningState+Records`,
/// `Validation`), so a request is answered alike on either. Web Push's keys and the user's devices
/// are `PushKeeping`'s.
public protocol UserData: PushKeeping {
  /// Every focus block, in the order they were added.
  func focusBlocks() async throws -> [FocusBlock]
  /// Adds a focus block; without an `id`, a short unused one (`b1`, …).
  @discardableResult
  func addFocusBlock(id: String?, title: String, start: Date, end: Date, taskIDs: [String]) async throws
    -> FocusBlock
  /// Changes a focus block: `change` edits a copy, checked as a new one is, then stored.
  @discardableResult
  func updateFocusBlock(id: String, _ change: (inout FocusBlock) -> Void) async throws -> FocusBlock
  /// Removes a focus block (not its tasks).
  func removeFocusBlock(id: String) async throws

  /// Every task, in the order they were added.
  func tasks() async throws -> [TodoItem]
  /// Adds a task; without an `id`, a short unused one (`t1`, …).
  @discardableResult
  func addTask(id: String?, title: String, due: Date?, completed: Bool) async throws -> TodoItem
  /// Changes a task: `change` edits a copy, checked as a new one is, then stored.
  @discardableResult
  func updateTask(id: String, _ change: (inout TodoItem) -> Void) async throws -> TodoItem
  /// Marks a task done.
  @discardableResult
  func completeTask(id: String) async throws -> TodoItem
  /// Removes a task and its links from focus blocks.
  func removeTask(id: String) async throws

  /// Every setting (defaults for those never set).
  func settings() async throws -> Settings
  /// The language of notification texts and pages.
  func language() async throws -> Language
  /// Stores every setting and the language at once.
  func setSettings(_ settings: Settings, language: Language) async throws
  /// The movement schedule; `nil` when there is none.
  func movementSchedule() async throws -> MovementSchedule?
  /// Replaces the movement schedule; `nil` removes it.
  func setMovementSchedule(_ schedule: MovementSchedule?) async throws

  /// What the store holds but could not read whole (`StoredProblem`): shown with the items.
  func storedProblems() async throws -> [StoredProblem]

  /// Everything a plan needs, planned in `timeZone`.
  func planningState(timeZone: Zone) async throws -> PlanningState

  /// Every route.
  func routes() async throws -> [Route]
  /// The route with this id; `nil` when there is none.
  func route(id: String) async throws -> Route?
  /// Adds a route, or replaces the one with its id.
  @discardableResult
  func importRoute(_ route: Route) async throws -> RouteImport
  /// Removes a route.
  func removeRoute(id: String) async throws
  /// The walk under way; `nil` when none is.
  func activeWalk() async throws -> Walk?
  /// Starts walking a route (a walk needs the user's live location: an engine without it refuses).
  @discardableResult
  func startWalk(routeID: String, at date: Date, restart: Bool) async throws -> WalkStart
  /// Ends the walk under way; `nil` when none was.
  @discardableResult
  func stopWalk() async throws -> Walk?

  /// A number that changes whenever the data changes (live pages poll it).
  func dataVersion() async throws -> Int

  /// The user's deliveries numbered after `after` in their delivery stream, oldest first, at most
  /// `limit` (an engine without a stream refuses).
  func deliveryEvents(after: Int64, limit: Int) async throws -> [DeliveryEvent]
  /// The number of the user's latest delivery; 0 before the first.
  func lastDeliveryEventID() async throws -> Int64
}

extension UserData {
  /// The problems of stored tasks, by task id.
  public func taskProblems() async throws -> [String: StoredProblem] {
    Dictionary(
      try await storedProblems().filter { $0.kind == .task }.map { ($0.id, $0) },
      uniquingKeysWith: { a, _ in a })
  }
}
