import Foundation
import HeraldCore

/// A due delivery a worker has claimed: held for it until `leaseEnds`, then anyone's again.
public struct ClaimedDelivery: Sendable, Hashable {
  public var id: Int64
  public var user: Int64
  public var requestID: String
  public var fireDate: Date
  /// Its kind's stored name (`ReminderKind.storedName`).
  public var kindName: String
  /// Tries so far, this one included.
  public var attempt: Int
  public var leaseEnds: Date
  /// When it is to be carried out: its fire instant, or the time of its next try (a worker
  /// claims rows a moment ahead and carries each out at this instant).
  public var dueAt: Date
  /// When an operator queued it again, if they did: its grace window counts from then.
  public var requeuedAt: Date?
  /// Whether an earlier claim of it ended unrecorded: a worker died or froze holding it.
  public var takenOver: Bool

  public init(
    id: Int64, user: Int64, requestID: String, fireDate: Date, kindName: String, attempt: Int,
    leaseEnds: Date, dueAt: Date? = nil, requeuedAt: Date? = nil, takenOver: Bool = false
  ) {
    self.id = id
    self.user = user
    self.requestID = requestID
    self.fireDate = fireDate
    self.kindName = kindName
    self.attempt = attempt
    self.leaseEnds = leaseEnds
    self.dueAt = dueAt ?? fireDate
    self.requeuedAt = requeuedAt
    self.takenOver = takenOver
  }

  /// Its kind, when this build has one of its name (`Planner.kindIndex(named:)`).
  public var kind: (any ReminderKind)? { Planner.kindIndex(named: kindName).map { Planner.kinds[Int($0)] } }

  /// The task its request names, when its kind's reminders are a task's
  /// (`ReminderKind.taskID(inIdentifier:)`).
  public var taskID: String? { kind?.taskID(inIdentifier: requestID) }

  /// The reminder it is in `context`, its owner found by the id its request names
  /// (`Planner.reminder(ofKind:identifier:fireDate:in:)`); nil when this build has no kind of
  /// its name, or `context` no longer holds its owner.
  public func reminder(in context: PlanningContext) -> ScheduledReminder? {
    Planner.reminder(ofKind: kindName, identifier: requestID, fireDate: fireDate, in: context)
  }

  /// Where it stands in the queue's order.
  public var place: QueuePlace { QueuePlace(dueAt: dueAt, id: id) }

  /// Its entry in the user's delivery log.
  public var key: DeliveryKey { DeliveryKey(requestID: requestID, fireDate: fireDate) }
}
