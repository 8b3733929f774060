import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// A notification's button pressed on a phone: the link names the reminder by its request id, not
/// by a slot on a screen, so the reminder is found again in the store before `perform` does what
/// the desktop's button does.
extension ReminderActions {
  /// What a link's press did.
  public enum LinkedOutcome: Sendable, Hashable {
    /// The action was carried out now.
    case performed
    /// Nothing to do: the answer was given already (by this link before, another device, a
    /// command), or the reminder is no longer the one on screen.
    case settled
  }

  /// `action` (done or snooze) on the reminder `requestID` that fired at `fireDate` (whole
  /// seconds, as a link carries it), at most once: a press repeated finds the answer given and
  /// changes nothing.
  ///
  /// The reminder's awaited answer is the one the store keeps for that request id and time while
  /// it is on screen; a later reminder in its slot replaces it (the regular movement reminder
  /// keeps one request id all day: the time tells them apart), so an old notification's movement
  /// buttons change nothing. A task's "done" needs no such row: the request id names the task
  /// (`taskID(inIdentifier:)`) and completing it twice is completing it once.
  public static func performLinked(
    _ action: NotificationAction, requestID: String, firedAt fireDate: Date, store: SQLiteStore, at now: Date,
    timeZone: Zone
  ) throws -> LinkedOutcome {
    let answer =
      try store.awaitedAnswer(requestID: requestID, firedAt: fireDate)
      ?? Planner.kinds.lazy.compactMap { $0.taskID(inIdentifier: requestID) }.first.map {
        AwaitedAnswer.task(id: $0)
      }
    guard let answer else { return .settled }
    switch (action, answer) {
    case (.done, .task(let id)):
      guard try store.tasks().first(where: { $0.id == id })?.completed == false else { return .settled }
    case (.done, .movementBreak):
      guard try store.movementLog().hasReminderAwaitingAnswer else { return .settled }
    // A snooze answers the reminder shown; one already answered (snoozed or done) is not snoozed
    // again, which would push its repeat later with every press.
    case (.snooze, .movementBreak):
      let log = try store.movementLog()
      guard log.hasReminderAwaitingAnswer, !log.lastReminderAnswered else { return .settled }
    // A map is looked at on the phone; the rest no notification offers.
    case (.open, _), (.snooze, .task), (_, .map): return .settled
    }
    try perform(action, answering: answer, store: store, at: now, timeZone: timeZone)
    return .performed
  }
}
