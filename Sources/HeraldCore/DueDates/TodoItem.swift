import Foundation

/// A task on the user's list. (Named so, because `Task` is Swift's concurrency type.)
///
/// A recurring task is stored as one `TodoItem` per instance, each with its own id and due date,
/// so every instance gets its own reminders (spec 001, edge cases).
public struct TodoItem: Sendable, Hashable, Codable, Identifiable {
  public var id: String
  public var title: String
  /// The full date and time the task is due; `nil` when it has none.
  public var due: Date?
  public var completed: Bool

  public init(id: String, title: String, due: Date? = nil, completed: Bool = false) {
    self.id = id
    self.title = title
    self.due = due
    self.completed = completed
  }

  /// Whether the task still wants due-date reminders at `now`: open and due after `now`.
  public func awaitsDueDate(after now: Date) -> Bool {
    guard !completed, let due else { return false }
    return due > now
  }
}
