import Hummingbird
import Logging

/// Turns whatever an API handler throws into the document's JSON error with the right status, and
/// logs what is the server's fault.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch {
      let answer = APIError(from: error)
      // An outage (503 with Retry-After: the database) is logged once by its connections, not
      // once per request.
      if answer.status.code >= 500, answer.headers[.retryAfter] == nil {
        context.logger.error(
          "API request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
      }
      return try answer.response(from: request, context: context)
    }
  }
}
