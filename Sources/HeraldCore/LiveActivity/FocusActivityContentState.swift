import Foundation

/// What changes while it runs (spec 002's `ContentState`).
public struct FocusActivityContentState: Sendable, Hashable, Codable {
  /// The first of the block's tasks that is not done; `nil` when all are.
  public var currentTaskTitle: String?
  public var completedCount: Int
  public var totalCount: Int

  public init(currentTaskTitle: String?, completedCount: Int, totalCount: Int) {
    self.currentTaskTitle = currentTaskTitle
    self.completedCount = completedCount
    self.totalCount = totalCount
  }
}
