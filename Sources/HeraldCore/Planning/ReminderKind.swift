import Foundation

/// One kind of reminder, written once: when its reminders fire (its rule) and what each says
/// (its request), with what a delivery of one means.
///
/// A kind names each of its reminders by an *owner*: the position in the planning state of the
/// focus block or task the reminder belongs to, or 0 for a kind with one reminder at a time. The
/// planner asks every kind for owners and fire instants (`plan`), keeps them as 16-byte
/// `ScheduledReminder`s, and builds a request only for those it prints or delivers. So the plan
/// `herald plan` prints and the queue the daemon waits on come from the same rule.
///
/// Positions are this process's alone: what is stored names a reminder by its request id, which
/// holds its owner's id (`owner(ofIdentifier:in:)` finds the owner again), and its kind by
/// `storedName` — never by a position in `Planner.kinds` or in the user's lists.
///
/// Adding a kind: one type conforming to this protocol, with a stored name of its own, registered
/// in `Planner.kinds`.
public protocol ReminderKind: Sendable {
  /// The name its reminders are stored under (the PostgreSQL `delivery.kind` column): unique
  /// among the kinds, and never changed once released, or stored rows lose their kind.
  var storedName: String { get }

  /// Calls `add` with the owner and fire instant of every reminder of this kind wanted at
  /// `context.now`; each fires after `context.now`.
  func plan(in context: PlanningContext, _ add: (_ owner: Int, _ fireDate: Date) -> Void)

  /// The request id of `owner`'s reminder.
  func identifier(owner: Int, in context: PlanningContext) -> String

  /// The owner whose reminder `identifier` is, as `context` holds it now: the inverse of
  /// `identifier(owner:in:)`, by the id the identifier holds; nil when `context` holds no such
  /// block or task (it was removed meanwhile) or the identifier is not of this kind. A stored
  /// reminder finds its owner so, wherever the owner now stands.
  func owner(ofIdentifier identifier: String, in context: PlanningContext) -> Int?

  /// What `owner`'s reminder firing at `fireDate` shows.
  func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent

  /// How the platform is told when it fires. Default: an interval counted from `context.now`.
  func trigger(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationTrigger

  /// The buttons its notification offers, in order. Default: none.
  var actions: [NotificationAction] { get }

  /// Whether its owners are tasks (positions in `state.tasks`): a task's reminders, planned from
  /// the task, the settings and the zone alone, so a change of one task replans only those.
  /// Default: false (a focus block's, or the user's).
  var ownsTasks: Bool { get }

  /// The task an identifier of this kind names: the inverse of `identifier(owner:in:)` for kinds
  /// that own tasks, so a stored request finds its task by id, not by a position that moves.
  /// Default: nil.
  func taskID(inIdentifier identifier: String) -> String?

  /// The parts of the user's data its plan reads besides the settings, zone and language.
  /// Default: all, so a kind that does not say is replanned by every change.
  var reads: PlanInputs { get }

  /// Whether the next reminder of this kind can only be planned once this one has come due:
  /// a chain such as the movement reminders, planned one at a time. Default: false.
  var isRolling: Bool { get }

  /// Deliveries that, when handled already, said what this reminder would say. Default: none.
  func saidBefore(owner: Int, fireDate: Date, in context: PlanningContext) -> [DeliveryKey]

  /// What showing it changes in the user's data. Default: nothing.
  func effects(owner: Int, fireDate: Date, in context: PlanningContext) -> [DeliveryEffect]

  /// What `owner`'s reminder shows on a screen: `content` with the user's titles shortened for
  /// display (`DisplayText`). Default: `content`, for a kind whose texts hold no user title.
  func displayContent(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent

  /// The place on screen `owner`'s reminder takes: a later reminder in the same slot replaces the
  /// one shown there instead of stacking beside it (a follow-up or a snooze its movement reminder,
  /// a task's advance reminder its morning one). Default: the request id.
  func slot(owner: Int, in context: PlanningContext) -> String

  /// The answer its notification waits for, after which it comes off the screen. Default: none.
  func awaitedAnswer(owner: Int, in context: PlanningContext) -> AwaitedAnswer?
}

extension ReminderKind {
  public func trigger(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationTrigger {
    .interval(from: context.now, to: fireDate)
  }

  public var actions: [NotificationAction] { [] }

  public var isRolling: Bool { false }

  public var ownsTasks: Bool { false }

  public var reads: PlanInputs { .all }

  public func taskID(inIdentifier identifier: String) -> String? { nil }

  public func saidBefore(owner: Int, fireDate: Date, in context: PlanningContext) -> [DeliveryKey] { [] }

  public func effects(owner: Int, fireDate: Date, in context: PlanningContext) -> [DeliveryEffect] { [] }

  public func displayContent(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    content(owner: owner, fireDate: fireDate, in: context)
  }

  public func slot(owner: Int, in context: PlanningContext) -> String {
    identifier(owner: owner, in: context)
  }

  public func awaitedAnswer(owner: Int, in context: PlanningContext) -> AwaitedAnswer? { nil }
}
