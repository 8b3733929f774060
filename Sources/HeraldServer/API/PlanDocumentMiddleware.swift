import HeraldInterchange
import Hummingbird
@_spi(Generated) import OpenAPIRuntime

/// Answers `GET /api/v1/plan` ahead of the generated handler, writing the plan with Herald's own
/// JSON writer (`PlanDocument`, the document `herald plan` prints). The generated path encodes
/// `Components.Schemas.Plan` with Foundation's `JSONEncoder`, which took half the server's CPU for
/// a plan of 200 tasks (docs/benchmarks.md, "The plan read"); it is left only the requests that
/// end in an error.
///
/// It reads the request with the runtime's own converter, as the generated deserializer and
/// serializer do, so it serves exactly the requests that path would answer with 200; whatever it
/// cannot read (a bad `limits`, an `Accept` without JSON) goes on to the generated handler, which
/// answers with the document's error. Runs after the bearer middleware, so the account is known.
struct PlanDocumentMiddleware<Context: RequestContext>: RouterMiddleware {
  let handler: APIHandler
  /// The path the generated handler is registered at: the operation's path of openapi.yaml under
  /// the API's group.
  let path: String

  private let converter = Converter(configuration: .init())

  init(handler: APIHandler, under prefix: String) {
    self.handler = handler
    self.path = "/\(prefix)/plan"
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard request.method == .get, request.uri.path == path, let query = readableQuery(request.head) else {
      return try await next(request, context)
    }
    let (plan, zone) = try await handler.plan(for: query)
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(
        byteBuffer: ByteBuffer(bytes: PlanDocument.bytes(plan, timeZone: zone, silentSound: .absent))))
  }

  /// The query as the generated deserializer reads it, when it reads and the client takes JSON.
  private func readableQuery(_ head: HTTPRequest) -> Operations.GetPlan.Input.Query? {
    try? {
      let query = head.soar_query
      let read = try Operations.GetPlan.Input.Query(
        now: converter.getOptionalQueryItemAsURI(
          in: query, style: .form, explode: true, name: "now", as: String.self),
        limits: converter.getOptionalQueryItemAsURI(
          in: query, style: .form, explode: true, name: "limits",
          as: Operations.GetPlan.Input.Query.LimitsPayload.self))
      try converter.validateAcceptIfPresent("application/json", in: head.headerFields)
      return read
    }()
  }
}
