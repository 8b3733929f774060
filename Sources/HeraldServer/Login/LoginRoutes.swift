import Foundation
import HeraldCore
import Hummingbird

/// `/login` and `/logout` of a server started with `--allow-remote`. A right token starts a
/// session (cookie) and goes on to the page asked for; a wrong one shows the form again with an
/// error. Both forms carry the form token and are refused from another origin, so another
/// site cannot log a browser in or out.
struct LoginRoutes: Sendable {
  let sessions: LoginSessions
  let directory: any AccountDirectory

  func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/login") { request, _ in
      let next = LoginPage.safeReturnPath(request.uri.queryParameters["next"].map(String.init))
      return try await page(request, returnPath: next, error: false)
    }
    router.post("/login") { request, _ in try await login(request) }
    router.post("/logout") { request, _ in try await logout(request) }
  }

  private func page(_ request: Request, returnPath: String, error: Bool) async throws -> Response {
    let token = FormToken.token(of: request)
    let language = try await directory.pageAccount()?.store.language() ?? .de
    let page = LoginPage(
      texts: PageTexts(language: language), tokenCommand: directory.tokenCommand, formToken: token.token,
      returnPath: returnPath)
    return PageResponse.html(page.render(error: error), status: error ? .unauthorized : .ok, formToken: token)
  }

  private func login(_ request: Request) async throws -> Response {
    if let refusal = FormOrigin.refusal(of: request) { return PageResponse.refused(refusal) }
    let body = try await request.body.collect(upTo: 64 << 10)
    let fields = FormFields(String(buffer: body))
    guard FormToken.accepts(request, fields: fields) else {
      return PageResponse.formRefused
    }
    let next = LoginPage.safeReturnPath(fields["next"])
    guard let secret = fields.trimmed("token"), let account = try await directory.account(forToken: secret)
    else {
      return try await page(request, returnPath: next, error: true)
    }
    let session = await sessions.start(tokenName: account.name)
    var response = PageResponse.redirect(to: next)
    response.headers[.setCookie] = LoginSessions.cookie(session)
    return response
  }

  private func logout(_ request: Request) async throws -> Response {
    if let refusal = FormOrigin.refusal(of: request) { return PageResponse.refused(refusal) }
    let body = try await request.body.collect(upTo: 64 << 10)
    guard FormToken.accepts(request, fields: FormFields(String(buffer: body))) else {
      return PageResponse.formRefused
    }
    if let secret = FormToken.cookieValue(LoginSessions.cookieName, in: request) {
      await sessions.end(secret)
    }
    var response = PageResponse.redirect(to: "/login")
    response.headers[.setCookie] = LoginSessions.expiredCookie
    return response
  }
}
