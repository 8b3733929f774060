import Foundation

/// A planned stretch of focused work, with the tasks meant for it (in order).
public struct FocusBlock: Sendable, Hashable, Codable, Identifiable {
  public var id: String
  public var title: String
  public var start: Date
  public var end: Date
  public var taskIDs: [String]

  public init(id: String, title: String, start: Date, end: Date, taskIDs: [String] = []) {
    self.id = id
    self.title = title
    self.start = start
    self.end = end
    self.taskIDs = taskIDs
  }

  /// Whether the block runs at `now`: started, not yet over.
  public func isRunning(at now: Date) -> Bool { start <= now && now < end }
}
