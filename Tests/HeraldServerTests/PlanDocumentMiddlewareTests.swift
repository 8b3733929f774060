import Foundation
import HTTPTypes
import HeraldInterchange
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// `GET /api/v1/plan` is written by Herald's own writer ahead of the generated handler: what the
/// OpenAPI document's types read, the same as the generated path answers, for every request that
/// path answers with 200 (`APITests.thePlanIsWhatHeraldPlanPrints` holds its values to the plan's).
@Suite struct PlanDocumentMiddlewareTests {
  @Test(arguments: [
    "now=2026-11-22T12:00:00Z&limits=ios", "limits=unlimited&now=2026-11-22T13:00:00%2B01:00",
    "now=2026-11-24T07:59:59Z", "",
  ])
  func theServedPlanIsTheGeneratedHandlersPlan(query: String) async throws {
    let harness = try Self.harnessWithTheExampleScenario()
    defer { harness.remove() }
    let (served, generated) = try await Self.answers(harness, "/api/v1/plan?\(query)", harness.authorized)
    #expect(served.status == .ok)
    #expect(generated.status == .ok)
    let plan = try JSONDecoder().decode(Components.Schemas.Plan.self, from: generated.data)
    #expect(try JSONDecoder().decode(Components.Schemas.Plan.self, from: served.data) == plan)
    #expect(plan.pending.count > 3)
    #expect(plan.pending.contains { $0.sound == nil }, "the scenario holds a silent notification")
    // The document's `sound` is optional, never null: a silent notification leaves it out.
    #expect(!Self.holdsNull(try JSONSerialization.jsonObject(with: served.data)))
  }

  @Test(arguments: [
    ("limits=weekly", nil), ("now=2026-11-22T13:00:00+01:00", nil), ("now=tomorrow", nil),
    ("", "text/html"),
  ])
  func aRequestItCannotServeGetsTheGeneratedAnswer(query: String, accept: String?) async throws {
    let harness = try Self.harnessWithTheExampleScenario()
    defer { harness.remove() }
    var headers = harness.authorized
    if let accept { headers[.accept] = accept }
    let (served, generated) = try await Self.answers(harness, "/api/v1/plan?\(query)", headers)
    #expect(served.status.kind == .clientError)
    #expect(served.status == generated.status)
    // The error's members are written in no fixed order: compared as what they say.
    #expect(
      try NSDictionary(dictionary: #require(served.body as? [String: Any]))
        == NSDictionary(dictionary: #require(generated.body as? [String: Any])))
  }

  static func harnessWithTheExampleScenario() throws -> ServerHarness {
    let harness = try ServerHarness()
    let scenario = try Data(
      contentsOf: HeraldProcess.repositoryRoot.appendingPathComponent("examples/scenario.json"))
    try harness.store.replaceAll(with: ScenarioDocument.decode(scenario))
    return harness
  }

  /// The server's answer to `GET uri`, and the answer of the generated handler alone: the API's
  /// router without `PlanDocumentMiddleware`.
  static func answers(_ harness: ServerHarness, _ uri: String, _ headers: HTTPFields) async throws
    -> (served: ServerHarness.Answer, generated: ServerHarness.Answer)
  {
    let served = try await harness.test { client in
      try await harness.call(client, .get, uri, headers: headers)
    }
    let router = Router()
    let api = router.group("api/v1")
      .add(middleware: APIErrorMiddleware())
      .add(middleware: BearerTokenMiddleware(directory: harness.server.directory))
    try APIHandler(clock: harness.clock, changes: ChangeSignal(hub: harness.server.hub)).registerHandlers(
      on: api)
    let generated = try await Application(router: router).test(.router) { client in
      try await harness.call(client, .get, uri, headers: headers)
    }
    return (served, generated)
  }

  static func holdsNull(_ value: Any) -> Bool {
    switch value {
    case is NSNull: true
    case let array as [Any]: array.contains(where: holdsNull)
    case let object as [String: Any]: object.values.contains(where: holdsNull)
    default: false
    }
  }
}
