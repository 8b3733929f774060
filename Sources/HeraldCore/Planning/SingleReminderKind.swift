import Foundation

/// A kind with one reminder at a time under one request id (the movement reminders): its owner
/// is 0, and its request id alone names it.
public protocol SingleReminderKind: ReminderKind {
  static var identifier: String { get }
}

extension SingleReminderKind {
  public func identifier(owner: Int, in context: PlanningContext) -> String { Self.identifier }

  public func owner(ofIdentifier identifier: String, in context: PlanningContext) -> Int? {
    identifier == Self.identifier ? 0 : nil
  }
}
