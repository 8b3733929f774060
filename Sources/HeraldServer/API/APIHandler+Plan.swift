import Foundation
import HeraldCore
import HeraldInterchange
import HeraldStore

extension APIHandler {
  /// What `herald plan` prints for the stored data: the same planner, in the account's zone.
  /// (`PlanDocumentMiddleware` serves the requests it can read ahead of this, with Herald's writer.)
  func getPlan(_ input: Operations.GetPlan.Input) async throws -> Operations.GetPlan.Output {
    let (plan, zone) = try await plan(for: input.query)
    return .ok(.init(body: .json(.init(plan, timeZone: zone))))
  }

  /// The plan a `GET /plan` asks for, and the zone its wall-clock rules were evaluated in.
  func plan(for query: Operations.GetPlan.Input.Query) async throws -> (Plan, TimeZone) {
    let account = try account
    let now =
      try query.now.map { (text) throws(FieldError) in try APIInstant.parse(text, field: "now") }
      ?? clock.now()
    let limits: Limits = query.limits == .ios ? .iOS : .unlimited
    let state = try await account.planningState(at: now)
    return (Planner.plan(state, now: now, limits: limits), state.timeZone)
  }

  func getLive(_ input: Operations.GetLive.Input) async throws -> Operations.GetLive.Output {
    let account = try account
    let now = clock.now()
    let state = try await account.planningState(at: now)
    let running = FocusActivity.current(blocks: state.focusBlocks, tasks: state.tasks, now: now)
    let next = state.focusBlocks.filter { $0.start > now }.min { ($0.start, $0.id) < ($1.start, $1.id) }
    return .ok(
      .init(
        body: .json(
          .init(
            now: APIInstant.text(now), running: running.map { .init($0, now: now) },
            next: next.map { .init($0) }))))
  }
}

extension Components.Schemas.LiveBlock {
  init(_ activity: FocusActivity, now: Date) {
    let attributes = activity.attributes
    self.init(
      id: attributes.blockID, title: attributes.blockTitle, start: APIInstant.text(attributes.startDate),
      end: APIInstant.text(attributes.endDate), currentTaskTitle: activity.state.currentTaskTitle,
      completedCount: activity.state.completedCount, totalCount: activity.state.totalCount,
      progress: FocusCountdown.progress(start: attributes.startDate, end: attributes.endDate, now: now))
  }
}

extension Components.Schemas.Plan {
  /// The plan document of `contracts/plan.md`, field for field (instants as `herald plan` prints them).
  init(_ plan: Plan, timeZone: TimeZone) {
    self.init(
      now: RFC3339.utcString(plan.now), timeZone: timeZone.identifier,
      pending: plan.pending.map { .init($0, now: plan.now) },
      deferred: plan.deferred.map { .init(id: $0.identifier, fireDate: RFC3339.utcString($0.fireDate)) })
  }
}

extension Components.Schemas.PlannedNotification {
  init(_ planned: PlannedNotification, now: Date) {
    let content = planned.content
    self.init(
      id: planned.identifier, category: content.categoryIdentifier,
      fireDate: RFC3339.utcString(planned.fireDate),
      trigger: .init(planned.request.trigger, fireDate: planned.fireDate, now: now), title: content.title,
      body: content.body, interruptionLevel: .init(rawValue: content.interruptionLevel.rawValue) ?? .active,
      sound: content.sound.map { _ in ._default }, userInfo: .init(additionalProperties: content.userInfo))
  }
}

extension Components.Schemas.Trigger {
  init(_ trigger: NotificationTrigger, fireDate: Date, now: Date) {
    switch trigger {
    case .timeInterval:
      // Seconds from the plan's `now`, as the plan document counts them.
      self.init(_type: .interval, seconds: NotificationTrigger.intervalSeconds(from: now, to: fireDate))
    case .calendar(let components, let repeats):
      self.init(
        _type: .calendar,
        components: .init(
          year: components.year, month: components.month, day: components.day, hour: components.hour,
          minute: components.minute), repeats: repeats)
    case .location(let region):
      self.init(_type: .location, region: region.identifier)
    }
  }
}
