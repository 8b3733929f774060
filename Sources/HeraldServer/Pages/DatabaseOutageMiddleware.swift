import HeraldPostgres
import HeraldPostgresConnections
import Hummingbird

/// While the database of many users cannot be reached, a page answers at once with 503, a
/// `Retry-After` and a page that says so in both languages, instead of an error page or a wait.
/// (The API answers the same status in its JSON error: `APIError`.) The outage is logged once by
/// the connections, not once per request.
struct DatabaseOutageMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch is DatabaseUnavailable {
      let page = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Herald is unavailable</title>
        <link rel="stylesheet" href="/static/herald.css"></head>
        <body><main>
        <h1>Herald is unavailable for a moment</h1>
        <p role="alert">Its database cannot be reached. Nothing you saved is lost; reload this page in a few seconds.</p>
        <p lang="de">Herald ist gerade nicht erreichbar: seine Datenbank antwortet nicht. Nichts Gespeichertes \
        geht verloren; lade die Seite in ein paar Sekunden neu.</p>
        </main></body>
        </html>

        """
      return Response(
        status: .serviceUnavailable,
        headers: [.contentType: "text/html; charset=utf-8", .retryAfter: "5", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(string: page)))
    }
  }
}
