import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// A reminder stored as a row (its kind's stored name, request id, fire instant) found again in
/// the user's data as it is now (`Planner.reminder(ofKind:identifier:fireDate:in:)`): its kind by
/// name, its block or task by the id its request names, wherever that now stands.
@Suite struct StoredReminderTests {
  static let now = Fixtures.instant("2026-11-23T06:00:00Z")

  static func state(blocks: [FocusBlock] = blocks, _ tasks: [TodoItem]) -> PlanningState {
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    return PlanningState(
      timeZone: Fixtures.zone("Europe/Berlin"), settings: settings, focusBlocks: blocks, tasks: tasks)
  }

  static let blocks = (1...2).map { index in
    let start = now + Double(index) * 3 * 3600
    return FocusBlock(id: "b\(index)", title: "Fokus \(index)", start: start, end: start + 3600)
  }

  static let tasks = (1...3).map { TodoItem(id: "t\($0)", title: "Task \($0)", due: now + Double($0) * 7200) }

  /// Every kind is stored under a name of its own. The names are frozen: rows in every database
  /// hold them (and migration v14 wrote them for the kinds before it), so renaming one fails here.
  @Test func everyKindHasAStoredNameOfItsOwnThatNeverChanges() {
    let names = Planner.kinds.map(\.storedName)
    #expect(Set(names).count == names.count, "\(names)")
    let released: Set = [
      "focus-block-start", "due-date-morning", "due-date-advance", "exercise-reminder",
      "exercise-reminder-snooze", "exercise-reminder-follow-up", "progress-report",
    ]
    #expect(released.isSubset(of: names))
    for (index, kind) in Planner.kinds.enumerated() {
      #expect(Planner.kindIndex(named: kind.storedName) == UInt8(index))
    }
    #expect(Planner.kindIndex(named: "unknown-7") == nil, "a later release's kind")
  }

  @Test func aReminderFindsItsBlockOrTaskWhereverItNowStands() throws {
    let planned = PlanningContext(state: Self.state(Self.tasks), now: Self.now, limits: .unlimited)
    // The first block and task removed, the other two tasks in the opposite order.
    let now = PlanningContext(
      state: Self.state(blocks: [Self.blocks[1]], [Self.tasks[2], Self.tasks[1]]), now: Self.now,
      limits: .unlimited)
    var found = 0
    var gone: [String] = []
    for stored in Planner.schedule(planned) {
      let identifier = stored.kind.identifier(owner: Int(stored.owner), in: planned)
      let reminder = Planner.reminder(
        ofKind: stored.kind.storedName, identifier: identifier, fireDate: stored.fireDate, in: now)
      guard let reminder else {
        gone.append(identifier)
        continue
      }
      #expect(reminder.fireDate == stored.fireDate && reminder.kindIndex == stored.kindIndex)
      #expect(reminder.kind.identifier(owner: Int(reminder.owner), in: now) == identifier)
      #expect(
        Planner.due(reminder, in: now).key == DeliveryKey(requestID: identifier, fireDate: stored.fireDate))
      found += 1
    }
    // t1 is due at 09:00 in Berlin, when its morning reminder would fire: it has none.
    #expect(gone.sorted() == ["due-date-advance-t1", "focus-block-start-b1"])
    #expect(found == 5, "b2's, and the morning and advance reminders of t2 and t3")
  }

  @Test func anIdentifierOfAnotherKindOrAnUnknownKindNamesNothing() {
    let context = PlanningContext(state: Self.state(Self.tasks), now: Self.now, limits: .unlimited)
    for kind in Planner.kinds {
      let others = Planner.kinds.filter { $0.storedName != kind.storedName }.map {
        ($0.storedName, $0.identifier(owner: 0, in: context))
      }
      for (other, identifier) in others {
        #expect(kind.owner(ofIdentifier: identifier, in: context) == nil, "\(kind.storedName): \(other)'s")
      }
    }
    #expect(
      Planner.reminder(
        ofKind: "unknown-7", identifier: "focus-block-start-b1", fireDate: Self.now, in: context)
        == nil)
    let kinds = Planner.taskKinds.map { Planner.kinds[$0] }
    #expect(kinds.count == 2)
    for kind in kinds {
      #expect(kind.taskID(inIdentifier: "focus-block-start-t1") == nil)
    }
  }
}
