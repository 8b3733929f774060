import Foundation

/// An activity as it should be shown: which block, in which state.
public struct FocusActivity: Sendable, Hashable, Codable {
  public var attributes: FocusActivityAttributes
  public var state: FocusActivityContentState

  public init(attributes: FocusActivityAttributes, state: FocusActivityContentState) {
    self.attributes = attributes
    self.state = state
  }

  /// The block that starts next after `now` (ties by id): what a countdown names while none runs.
  public static func nextBlock(blocks: [FocusBlock], now: Date) -> FocusBlock? {
    blocks.filter { $0.start > now }.min { $0.start != $1.start ? $0.start < $1.start : $0.id < $1.id }
  }

  /// The task `block` is on: its first task not done, in the block's order (the live view's
  /// "Erledigt" completes this one).
  public static func currentTask(of block: FocusBlock, tasks: [TodoItem]) -> TodoItem? {
    block.taskIDs.lazy.compactMap { id in tasks.first { $0.id == id } }.first { !$0.completed }
  }

  /// The activity that should run at `now`: the running block that started last (ties by id),
  /// with its tasks' progress; `nil` when no block runs.
  public static func current(blocks: [FocusBlock], tasks: [TodoItem], now: Date) -> FocusActivity? {
    let running = blocks.filter { $0.isRunning(at: now) }
    guard
      let block = running.max(by: { $0.start != $1.start ? $0.start < $1.start : $0.id > $1.id })
    else { return nil }
    let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let blockTasks = block.taskIDs.compactMap { byID[$0] }
    let state = FocusActivityContentState(
      currentTaskTitle: currentTask(of: block, tasks: tasks)?.title,
      completedCount: blockTasks.count { $0.completed },
      totalCount: blockTasks.count)
    let attributes = FocusActivityAttributes(
      blockID: block.id, blockTitle: block.title, startDate: block.start, endDate: block.end)
    return FocusActivity(attributes: attributes, state: state)
  }
}
