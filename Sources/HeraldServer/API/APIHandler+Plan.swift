import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

extension APIHandler {
  /// What `herald plan` prints for the stored data: the same planner, in the account's zone.
  /// `PlanDocumentMiddleware` serves every request this could answer, ahead of it; this reads the
  /// same document into the generated types rather than write the plan a second way.
  func getPlan(_ input: Operations.GetPlan.Input) async throws -> Operations.GetPlan.Output {
    let (plan, zone) = try await plan(for: input.query)
    let document = PlanDocument.bytes(plan, timeZone: zone, silentSound: .absent)
    return .ok(
      .init(body: .json(try JSONDecoder().decode(Components.Schemas.Plan.self, from: Data(document)))))
  }

  /// The plan a `GET /plan` asks for, and the zone its wall-clock rules were evaluated in.
  func plan(for query: Operations.GetPlan.Input.Query) async throws -> (Plan, Zone) {
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
