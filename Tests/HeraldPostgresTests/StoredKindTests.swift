import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldPostgres

/// What a plan stores of its reminders (`PlannedRows`) is what each kind says of them — request
/// id, fire instant, stored name — so it is the same whatever the order of `Planner.kinds`: a kind
/// added anywhere relabels nothing. And each row finds its kind and owner again by those alone.
@Suite struct StoredKindTests {
  static let now = Fixtures.instant("2026-11-23T08:10:00Z")  // a Monday, 09:10 in Berlin

  /// Data that plans reminders of every kind, between the two: blocks, tasks (both due-date
  /// reminders on), the movement schedule with a reminder snoozed, or one unanswered.
  static let contexts = [true, false].map { snoozed in
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    let blocks = (0..<3).map { index in
      let start = now.addingTimeInterval(Double(3600 + index * 3600))
      return FocusBlock(id: "b\(index)", title: "Block \(index)", start: start, end: start + 1800)
    }
    let tasks = (0..<3).map { index in
      TodoItem(
        id: "t\(index)", title: "Task \(index)", due: now.addingTimeInterval(Double(86_400 + index * 3600)))
    }
    let log = MovementLog(
      lastReminderAt: now - 60, lastReminderAnswered: snoozed, snoozedAt: snoozed ? now - 60 : nil)
    let state = PlanningState(
      timeZone: Fixtures.zone("Europe/Berlin"), settings: settings, focusBlocks: blocks, tasks: tasks,
      movement: ScheduleTemplate.gentleMovement.schedule, movementLog: log)
    return PlanningContext(state: state, now: now, limits: .unlimited)
  }

  /// The rows of `rows`, as `requestID@fireDate kind`.
  static func stored(_ rows: PlannedRows) -> Set<String> {
    Set(rows.identifiers.indices.map { "\(rows.identifiers[$0])@\(rows.fireDates[$0]) \(rows.kinds[$0])" })
  }

  @Test func theRowsAPlanStoresAreTheSameWhateverTheOrderOfTheKinds() {
    var generator = SeededGenerator(seed: 50)
    let orders: [[any ReminderKind]] = [
      Planner.kinds.reversed(), Array(Planner.kinds[3...] + Planner.kinds[..<3]),
      Planner.kinds.shuffled(using: &generator),
    ]
    var kinds = Set<String>()
    for context in Self.contexts {
      let rows = PlannedRows(Replanner.change(context, affectedBy: .all))
      kinds.formUnion(rows.kinds)
      for order in orders {
        // What each kind, in this order, says its reminders are.
        var said = Set<String>()
        for kind in order {
          kind.plan(in: context) { owner, fireDate in
            said.insert("\(kind.identifier(owner: owner, in: context))@\(fireDate) \(kind.storedName)")
          }
        }
        #expect(said == Self.stored(rows), "\(order.map(\.storedName))")
      }
    }
    #expect(kinds == Set(Planner.kinds.map(\.storedName)), "every kind planned")
  }

  /// A row found again by its kind's name and request id is the reminder planned.
  @Test func eachStoredRowFindsItsKindAndOwnerAgain() throws {
    for context in Self.contexts {
      let change = Replanner.change(context, affectedBy: .all)
      let (scheduled, rows) = (change.reminders, PlannedRows(change))
      for (index, reminder) in scheduled.enumerated() {
        let found = Planner.reminder(
          ofKind: rows.kinds[index], identifier: rows.identifiers[index], fireDate: rows.fireDates[index],
          in: context)
        #expect(found == reminder, "\(rows.identifiers[index])")
      }
    }
  }
}
