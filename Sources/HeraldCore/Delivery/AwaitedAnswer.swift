import Foundation

/// The answer a shown reminder waits for. Once it is given — by a button, a command such as
/// `herald ack`, or any other change to the user's data — the notification has done its job and
/// comes off the screen, so that no button is left that would act on something already settled.
public enum AwaitedAnswer: Sendable, Hashable {
  /// The movement break: marked done (the button, `herald ack`). A snooze is not the answer: the
  /// reminder stays until its snoozed repeat replaces it, its buttons still meaning what they say.
  case movementBreak
  /// A task: marked done (the button, `herald task done ID`), or removed.
  case task(id: String)
  /// A place reached or a route completed: a look at the map (tapping it opens the map of the
  /// deep link's route). Nothing answers it; it stays until the user closes it.
  case map(link: MapDeepLink)

  /// Whether the answer has been given in `state`, the user's data as it is now.
  ///
  /// A movement reminder is shown only while the last one is unanswered or snoozed (its own
  /// showing records it unanswered), so "answered and not snoozed" means marked done since.
  public func isGiven(in state: PlanningState) -> Bool {
    isGiven(in: state) { id in state.tasks.first { $0.id == id }?.completed }
  }

  /// Of the reminders on screen, by slot, those whose answer has been given in `state`: the ones
  /// to take off the screen now, in slot order. Linear in the tasks and the slots together.
  public static func given(_ waiting: [String: AwaitedAnswer], in state: PlanningState) -> [String] {
    guard !waiting.isEmpty else { return [] }
    let completed = Dictionary(
      state.tasks.map { ($0.id, $0.completed) }, uniquingKeysWith: { first, _ in first })
    return waiting.filter { $0.value.isGiven(in: state) { completed[$0] } }.keys.sorted()
  }

  /// `completed` says whether the task with an id is done, `nil` when there is none.
  private func isGiven(in state: PlanningState, completed: (String) -> Bool?) -> Bool {
    switch self {
    case .movementBreak:
      guard state.movement != nil, let log = state.movementLog else { return true }
      return log.lastReminderAnswered && log.snoozedAt == nil
    case .task(let id):
      return completed(id) ?? true
    case .map:
      return false
    }
  }

  /// The command that does what `action` does to this reminder, for a server without buttons;
  /// `nil` when the action means nothing here (snoozing a task).
  public func command(for action: NotificationAction) -> String? {
    switch (self, action) {
    case (.movementBreak, .snooze): "herald snooze"
    case (.movementBreak, .done): "herald ack"
    case (.task(let id), .done): "herald task done \(Self.shellWord(id))"
    case (.map(let link), .open): "herald map \(Self.shellWord(link.routeID)) --open"
    case (.task, .snooze), (.task, .open), (.movementBreak, .open), (.map, .snooze), (.map, .done): nil
    }
  }

  /// `id` as one word a shell reads back unchanged: as it is when it is plain, else in single quotes.
  static func shellWord(_ id: String) -> String {
    let plain =
      !id.isEmpty
      && id.unicodeScalars.allSatisfy { "-_.,:/@%+=".unicodeScalars.contains($0) || $0.isASCIIAlphanumeric }
    return plain ? id : "'" + id.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIIAlphanumeric: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
  }
}
