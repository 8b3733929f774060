import Foundation
import Hummingbird

/// With `--allow-remote`, every page needs a login: a request without a current session is sent
/// to `/login` (which comes back here afterwards); one with a session acts for its token's account.
struct LoginMiddleware<Context: RequestContext>: RouterMiddleware {
  let sessions: LoginSessions
  let directory: any AccountDirectory

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    if let secret = FormToken.cookieValue(LoginSessions.cookieName, in: request),
      let session = await sessions.session(secret)
    {
      if let account = try await directory.account(forTokenNamed: session.tokenName) {
        return try await Account.$current.withValue(account) { try await next(request, context) }
      }
      // The token was revoked since: its sessions end with it.
      await sessions.end(secret)
    }
    return PageResponse.redirect(to: LoginPage.path(returningTo: Self.returnPath(request)))
  }

  /// Where to come back to: the page asked for; a form post returns to the page it came from.
  static func returnPath(_ request: Request) -> String {
    guard request.method == .get else { return "/" }
    return request.uri.path
  }
}
