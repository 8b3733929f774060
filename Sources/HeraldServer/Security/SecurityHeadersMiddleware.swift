import Hummingbird

/// Every response says: scripts, styles, the web app's manifest and service worker, and everything
/// else from this server only, nothing inline,
/// never inside another site's frame, no content-type guessing, and no referrer to another site.
///
/// The referrer policy is `same-origin`, not `no-referrer`: under `no-referrer` a browser sends
/// `Origin: null` with every form it posts (Fetch, "append a request Origin header"), and the
/// pages refuse a form from no origin (`FormOrigin`). `same-origin` still sends nothing to any
/// other site.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  static var policy: String {
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
      + "manifest-src 'self'; worker-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    var response = try await next(request, context)
    response.headers[.contentSecurityPolicy] = Self.policy
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.referrerPolicy] = "same-origin"
    return response
  }
}
