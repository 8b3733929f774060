import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import Hummingbird

/// A page no route has (404) and a page that failed (500) are answered with a page in the pages'
/// language, saying what was not found or that the fault is the server's, with a way back to
/// Today — not Hummingbird's empty body. The API keeps its JSON errors (`APIErrorMiddleware`), an
/// outage its own page (`DatabaseOutageMiddleware`), and other statuses (a login asked for, a body
/// too large) their own answers.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
  let directory: any AccountDirectory
  /// With a login, the account is not known before it: the browser's language decides.
  let requiresLogin: Bool

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch let error where !request.uri.path.hasPrefix("/api/") && !(error is DatabaseUnavailable) {
      if let http = error as? any HTTPResponseError {
        guard http.status == .notFound else { throw error }
        let texts = PageTexts(language: await language(of: request))
        return page(
          texts, title: texts.notFoundTitle, message: texts.notFound(request.uri.path), status: .notFound)
      }
      context.logger.error("page failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
      let texts = PageTexts(language: await language(of: request))
      return page(
        texts, title: texts.serverErrorTitle, message: texts.serverError, status: .internalServerError)
    }
  }

  private func page(_ texts: PageTexts, title: String, message: String, status: HTTPResponse.Status)
    -> Response
  {
    let body: HTML = "<p><a href=\"/today\">\(texts.backToToday)</a></p>"
    let html = PageLayout(texts: texts).render(
      .error, title: title, message: PageLayout.notice(message, isError: true), body: body)
    return PageResponse.html(html, status: status, formToken: ("", false))
  }

  /// The language the pages are in: the account's setting; else (before a login, or when the
  /// store itself failed) the browser's first choice of German or English; else German, the specs'.
  private func language(of request: Request) async -> Language {
    if !requiresLogin, let account = try? await directory.pageAccount(),
      let language = try? await account.store.language()
    {
      return language
    }
    let accepted = request.headers[.acceptLanguage] ?? ""
    for range in accepted.split(separator: ",") {
      let tag = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
      if let language = Language(rawValue: String(tag.prefix(2))) { return language }
    }
    return .de
  }
}
