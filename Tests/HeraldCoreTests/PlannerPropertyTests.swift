import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import PropertyBased
import Testing

/// A generated planning input: blocks, tasks, settings, zone and `now`.
struct PlanScenario: Sendable, CustomStringConvertible {
  var state: PlanningState
  var now: Date

  var description: String {
    "\(state.timeZone.identifier) now=\(RFC3339.utcStringWithMilliseconds(now)) "
      + "blocks=\(state.focusBlocks.map { RFC3339.utcString($0.start) }) "
      + "tasks=\(state.tasks.map { "\($0.id):\($0.due.map(RFC3339.utcString) ?? "-")\($0.completed ? "✓" : "")" }) "
      + "settings=\(state.settings) movement=\(state.movement?.fallbackIntervalMinutes ?? 0)"
  }

  static let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]

  /// Start offset from now and duration, in minutes: some started, most within two weeks.
  static let blocks = zip(Gen.int(in: -120...(14 * 1440)), Gen.int(in: 15...240))
  /// Due offset from now on a quarter-hour grid (so ties happen), or none; sometimes completed.
  static let tasks = zip(Gen.int(in: -192...2880).map { $0 * 15 }.optional(valueRate: 0.9), Gen.bool(0.15))
  static let settings = zip(
    Gen.int(in: 0...120), Gen.bool, Gen.int(in: 0...23), Gen.int(in: 0...59), Gen.bool,
    Gen<AdvanceLeadTime>.case
  ).map { lead, morning, hour, minute, advance, advanceLead in
    var settings = Fixtures.settings([
      .focusBlockLeadMinutes: .int(lead), .dueDateMorningReminderHour: .int(hour),
      .dueDateMorningReminderMinute: .int(minute),
    ])
    settings.dueDateMorningReminderEnabled = morning
    settings.dueDateAdvanceReminderEnabled = advance
    settings.dueDateAdvanceReminderMinutes = advanceLead
    return settings
  }

  static let all = zip(
    Gen.element(of: zones), Gen.int(in: 1_767_225_600...1_798_761_599), Gen.element(of: [0, 0, 1, 500, 999]),
    blocks.array(of: 0...70), tasks.array(of: 0...80), settings, Gen.int(in: -60...120)
  ).map { zone, seconds, millis, blocks, tasks, settings, movementInterval in
    let now = Date(timeIntervalSince1970: Double(seconds) + Double(millis ?? 0) / 1000)
    let whole = Date(timeIntervalSince1970: Double(seconds))
    let focusBlocks = blocks.enumerated().map { index, block in
      Fixtures.block("b\(index)", start: whole.addingTimeInterval(Double(block.0 * 60)), minutes: block.1)
    }
    let todos = tasks.enumerated().map { index, task in
      TodoItem(
        id: "t\(index)", title: "Task \(index)",
        due: task.0.map { whole.addingTimeInterval(Double($0 * 60)) },
        completed: task.1)
    }
    // A fallback movement profile on every day, or none.
    let movement =
      movementInterval > 0
      ? try? MovementSchedule(
        fallbackIntervalMinutes: movementInterval,
        days: Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, DaySchedule.fallback) }))
      : nil
    let state = PlanningState(
      timeZone: Fixtures.zone(zone ?? "UTC"), language: seconds % 2 == 0 ? .de : .en, settings: settings,
      focusBlocks: focusBlocks, tasks: todos, movement: movement)
    return PlanScenario(state: state, now: now)
  }
}

/// Invariants every plan keeps, whatever the input.
struct PlannerPropertyTests {
  private func plans(_ scenario: PlanScenario) -> [Plan] {
    [Limits.iOS, .unlimited].map { Planner.plan(scenario.state, now: scenario.now, limits: $0) }
  }

  @Test func nothingFiresAtOrBeforeNow() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      for plan in plans(scenario) {
        for request in plan.pending + plan.deferred {
          #expect(
            request.fireDate > scenario.now, "\(request.identifier) at \(RFC3339.utcString(request.fireDate))"
          )
        }
      }
    }
  }

  @Test func identifiersAreUnique() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      for plan in plans(scenario) {
        let ids = (plan.pending + plan.deferred).map(\.identifier)
        #expect(Set(ids).count == ids.count)
      }
    }
  }

  @Test func iOSBudgetKeepsTheSoonest64() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      let ios = Planner.plan(scenario.state, now: scenario.now, limits: .iOS)
      let unlimited = Planner.plan(scenario.state, now: scenario.now, limits: .unlimited)
      #expect(ios.pending.count <= 64)
      #expect(unlimited.deferred.isEmpty)
      if let firstDeferred = ios.deferred.first, let lastPending = ios.pending.last {
        #expect(ios.pending.count == 64)
        #expect(PlannedNotification.soonestFirst(lastPending, firstDeferred))
      }
      // At most 25 tasks have due-date requests, and iOS only drops requests, never changes them.
      let taskIDs = Set((ios.pending + ios.deferred).compactMap { $0.content.userInfo["taskID"] })
      #expect(taskIDs.count <= 25)
      #expect(Set(ios.pending + ios.deferred).isSubset(of: Set(unlimited.pending)))
    }
  }

  /// The server adds a task by planning it alone (`Replanner.change(ofTask:)`); that must be what
  /// planning the whole state with the task appended adds, and nothing the rest would plan changes.
  @Test func aTaskPlannedAloneIsWhatTheWholePlanAddsForIt() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      guard let task = scenario.state.tasks.last else { return }
      var before = scenario.state
      before.tasks.removeLast()
      let position = before.tasks.count
      func rows(_ reminders: [ScheduledReminder]) -> [String] {
        reminders.map { "\($0.kindIndex)/\($0.owner)@\($0.fireDate.timeIntervalSince1970)" }.sorted()
      }
      let whole = Planner.schedule(
        PlanningContext(state: scenario.state, now: scenario.now, limits: .unlimited))
      let rest = Planner.schedule(PlanningContext(state: before, now: scenario.now, limits: .unlimited))
      let change = Replanner.change(ofTask: task, in: before, now: scenario.now)
      let (context, alone) = (change.context, change.reminders)
      let appended = alone.map {
        ScheduledReminder(fireDate: $0.fireDate, owner: Int32(position), kindIndex: $0.kindIndex)
      }
      #expect(rows(rest + appended) == rows(whole))
      // The task kinds read the tasks alone (no other kind's plan depends on them: below).
      #expect(Planner.kinds(affectedBy: .tasks) == Planner.taskKinds)
      // Their requests are named as the whole plan names them.
      let full = PlanningContext(state: scenario.state, now: scenario.now, limits: .unlimited)
      #expect(
        Set(alone.map { $0.kind.identifier(owner: 0, in: context) })
          == Set(appended.map { $0.kind.identifier(owner: position, in: full) }))
    }
  }

  /// A store replans only the kinds that read what a change changed (`ReminderKind.reads`): each
  /// kind's plan is the same with every part of the data it does not read taken away, and what
  /// a change of one part replans is what the whole plan has for the kinds that read it.
  @Test func aKindPlansFromWhatItReadsAlone() async {
    let parts: [(PlanInputs, (inout PlanningState) -> Void)] = [
      (.focusBlocks, { $0.focusBlocks = [] }),
      (.tasks, { $0.tasks = [] }),
      (
        .movement,
        {
          $0.movement = nil
          $0.movementLog = nil
        }
      ),
    ]
    await propertyCheck(input: PlanScenario.all) { scenario in
      func rows(_ reminders: [ScheduledReminder], of kinds: Set<Int>) -> [String] {
        reminders.filter { kinds.contains(Int($0.kindIndex)) }
          .map { "\($0.kindIndex)/\($0.owner)@\($0.fireDate.timeIntervalSince1970)" }.sorted()
      }
      let context = PlanningContext(state: scenario.state, now: scenario.now, limits: .unlimited)
      let whole = Planner.schedule(context)
      for (part, takeAway) in parts {
        let affected = Set(Planner.kinds(affectedBy: part))
        let others = Set(Planner.kinds.indices).subtracting(affected)
        var without = scenario.state
        takeAway(&without)
        let planned = Planner.schedule(PlanningContext(state: without, now: scenario.now, limits: .unlimited))
        #expect(rows(planned, of: others) == rows(whole, of: others), "\(part)")
        let replanned = Replanner.change(context, affectedBy: part).reminders
        #expect(Set(replanned.map { Int($0.kindIndex) }).isSubset(of: affected))
        #expect(rows(replanned, of: affected) == rows(whole, of: affected), "\(part)")
      }
    }
  }

  @Test func planIsSortedByFireDateThenID() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      for plan in plans(scenario) {
        for list in [plan.pending, plan.deferred] {
          for (a, b) in zip(list, list.dropFirst()) {
            #expect(PlannedNotification.soonestFirst(a, b), "\(a.identifier) before \(b.identifier)")
          }
        }
      }
    }
  }

  @Test func triggersMatchTheFireDate() async {
    await propertyCheck(input: PlanScenario.all) { scenario in
      let resolver = scenario.state.timeZone
      for plan in plans(scenario) {
        for request in plan.pending + plan.deferred {
          switch request.request.trigger {
          case .timeInterval(let seconds):
            #expect(
              seconds == Int(request.fireDate.timeIntervalSince(scenario.now).rounded(.up)),
              "\(request.identifier)")
            #expect(seconds >= 1)
          case .calendar(let components, let repeats):
            #expect(!repeats)
            if let day = components.civilDate, let time = components.wallClockTime {
              #expect(resolver.instant(on: day, at: time) == request.fireDate, "\(request.identifier)")
            } else {
              Issue.record("invalid components \(components) in \(request.identifier)")
            }
          case .location:
            Issue.record("a plan holds no location triggers: \(request.identifier)")
          }
        }
      }
    }
  }

  @Test func replanningIsIdempotent() async throws {
    await propertyCheck(count: 60, input: PlanScenario.all) { scenario in
      let plan = Planner.plan(scenario.state, now: scenario.now, limits: .iOS)
      #expect(Planner.plan(scenario.state, now: scenario.now, limits: .iOS) == plan)

      // The order in which blocks and tasks are listed does not matter.
      var reordered = scenario.state
      reordered.focusBlocks.reverse()
      reordered.tasks.reverse()
      #expect(Planner.plan(reordered, now: scenario.now, limits: .iOS) == plan)

      // Reconciling the same plan twice: the second time changes nothing.
      let center = InMemoryNotificationCenter()
      let first = try await Reconciler.reconcile(center, desired: plan.pending)
      #expect(first.additions.count == plan.pending.count)
      #expect(await center.pendingNotifications() == plan.pending)
      let second = try await Reconciler.reconcile(center, desired: plan.pending)
      #expect(second.isEmpty)
    }
  }
}
