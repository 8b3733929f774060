import Foundation
import HeraldCore
import HeraldContracts

/// One user's data in a `PostgresStore`, behind the server's store interface: a read of the tasks
/// (or of the whole data, to plan) takes the user's document and task rows, any other read the
/// document alone; every change is "lock the user, read, apply the same rule
/// the SQLite store applies (`PlanningState+Records`), write, replan" in one transaction — but
/// adding or changing a task writes only its row and replans only its reminders, removing one
/// moves the later rows up without reading or replanning them, and a change
/// that leaves the tasks alone (blocks, movement schedule, routes) reads none of them and replans
/// only the kinds that read what it changed.
///
/// Walks are refused: a walk follows the live location of the user's own machine, which a server
/// for many users does not have (routes are kept, in the user's document).
public struct PostgresUserData: UserData {
  let store: PostgresStore
  /// The user's id; every query names it, so no request reaches another user's rows.
  public let user: Int64
  let now: @Sendable () -> Date

  private func state() async throws -> PlanningState { try await store.planningState(ofUser: user) }

  /// The user's data without their tasks, for reads of anything else: its cost does not grow
  /// with the tasks stored.
  private func document() async throws -> PlanningState { try await store.document(ofUser: user) }

  private func change<Value: Sendable>(_ body: (inout PlanningState) throws -> Value) async throws -> Value {
    try await store.changeData(ofUser: user, now: now(), body)
  }

  /// A change of only `touching` (not the tasks); it reads only the tasks `linking` names.
  private func change<Value: Sendable>(
    touching: PlanInputs, linking: (PlanningState) -> [String] = { _ in [] },
    _ body: (inout PlanningState) throws -> Value
  ) async throws -> Value {
    try await store.changeData(ofUser: user, now: now(), touching: touching, linking: linking, body)
  }

  /// "Done" or "snooze" pressed on the user's movement reminder `requestID` that fired at
  /// `fireDate`, on their phone: whether it changed anything (`PostgresStore.answerMovement`).
  public func answerMovement(_ action: NotificationAction, requestID: String, firedAt fireDate: Date)
    async throws -> Bool
  {
    try await store.answerMovement(action, requestID: requestID, firedAt: fireDate, ofUser: user, at: now())
  }

  public func focusBlocks() async throws -> [FocusBlock] { try await document().focusBlocks }

  @discardableResult
  public func addFocusBlock(id: String?, title: String, start: Date, end: Date, taskIDs: [String])
    async throws
    -> FocusBlock
  {
    try await change(touching: .focusBlocks, linking: { _ in taskIDs }) {
      try $0.addFocusBlock(id: id, title: title, start: start, end: end, taskIDs: taskIDs)
    }
  }

  /// `edit` is applied twice: once to a copy of the block, to learn which tasks it will link.
  @discardableResult
  public func updateFocusBlock(id: String, _ edit: (inout FocusBlock) -> Void) async throws -> FocusBlock {
    try await change(
      touching: .focusBlocks,
      linking: { state in
        guard var block = state.focusBlocks.first(where: { $0.id == id }) else { return [] }
        edit(&block)
        return block.taskIDs
      }
    ) { try $0.updateFocusBlock(id: id, edit) }
  }

  public func removeFocusBlock(id: String) async throws {
    try await change(touching: .focusBlocks) { try $0.removeFocusBlock(id: id) }
  }

  public func tasks() async throws -> [TodoItem] { try await state().tasks }

  public func storedProblems() async throws -> [StoredProblem] { try await state().problems }

  @discardableResult
  public func addTask(id: String?, title: String, due: Date?, completed: Bool) async throws -> TodoItem {
    try await store.addTask(ofUser: user, id: id, title: title, due: due, completed: completed, now: now())
  }

  @discardableResult
  public func updateTask(id: String, _ edit: (inout TodoItem) -> Void) async throws -> TodoItem {
    try await store.updateTask(ofUser: user, id: id, now: now(), edit)
  }

  @discardableResult
  public func completeTask(id: String) async throws -> TodoItem {
    try await updateTask(id: id) { $0.completed = true }
  }

  public func removeTask(id: String) async throws {
    try await store.removeTask(ofUser: user, id: id, now: now())
  }

  public func settings() async throws -> Settings { try await document().settings }

  public func language() async throws -> Language { try await document().language }

  public func setSettings(_ settings: Settings, language: Language) async throws {
    try await change {
      $0.settings = settings
      $0.language = language
    }
  }

  public func movementSchedule() async throws -> MovementSchedule? { try await document().movement }

  public func setMovementSchedule(_ schedule: MovementSchedule?) async throws {
    try await change(touching: .movement) { $0.movement = schedule }
  }

  /// The user's data; planned in their own zone, which `timeZone` is for every account of theirs.
  public func planningState(timeZone: Zone) async throws -> PlanningState {
    var state = try await state()
    state.timeZone = timeZone
    if state.movement == nil { state.movementLog = nil }
    return state
  }

  public func routes() async throws -> [Route] { try await document().routes ?? [] }

  public func route(id: String) async throws -> Route? {
    try await document().routes?.first { $0.id == id }
  }

  @discardableResult
  public func importRoute(_ route: Route) async throws -> RouteImport {
    try await change(touching: []) { try $0.importRoute(route) }
  }

  public func removeRoute(id: String) async throws {
    try await change(touching: []) { try $0.removeRoute(id: id) }
  }

  public func activeWalk() async throws -> Walk? { nil }

  @discardableResult
  public func startWalk(routeID: String, at date: Date, restart: Bool) async throws -> WalkStart {
    guard try await route(id: routeID) != nil else {
      throw RecordError.notFound("route \(routeID)", "no such route")
    }
    throw RecordError(
      .conflict, subject: "route \(routeID)",
      problem:
        "a walk needs the live location of the user's own machine, which a server for many users does not have"
    )
  }

  @discardableResult
  public func stopWalk() async throws -> Walk? { nil }

  public func dataVersion() async throws -> Int { try await store.version(ofUser: user) }

  public func deliveryEvents(after: Int64, limit: Int) async throws -> [DeliveryEvent] {
    try await store.deliveryEvents(ofUser: user, after: after, limit: limit)
  }

  public func lastDeliveryEventID() async throws -> Int64 {
    try await store.lastDeliveryEventID(ofUser: user)
  }
}
