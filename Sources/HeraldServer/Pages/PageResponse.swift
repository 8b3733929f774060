import Hummingbird

/// Responses of the pages: HTML with the form token's cookie when it is new, and the redirect
/// after a successful post (so a reload does not post again).
enum PageResponse {
  static func html(_ page: HTML, status: HTTPResponse.Status = .ok, formToken: (token: String, isNew: Bool))
    -> Response
  {
    var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
    if formToken.isNew { headers[.setCookie] = FormToken.cookie(formToken.token) }
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page.rendered)))
  }

  static func redirect(to path: String) -> Response {
    Response(status: .seeOther, headers: [.location: path])
  }

  /// A post without this browser's form token.
  static var formRefused: Response {
    refused("This form has expired or came from another site; reload the page and try again.")
  }

  /// A form post refused before anything was changed: 403 with a page saying why (`reason`, one
  /// or two sentences). It needs no account and reads no store, so a forged post costs nothing.
  static func refused(_ reason: String) -> Response {
    let page: HTML = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Form refused — Herald</title>
      <link rel="stylesheet" href="/static/herald.css">
      </head>
      <body>
      <main>
      <h1>Form refused</h1>
      \(PageLayout.notice(reason, isError: true))
      <p><a href="/">Back to Herald</a></p>
      </main>
      </body>
      </html>

      """
    return html(page, status: .forbidden, formToken: ("", false))
  }
}
