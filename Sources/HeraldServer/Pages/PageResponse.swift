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
    forbidden("This form has expired or came from another site; reload the page and try again.")
  }

  static func forbidden(_ text: String) -> Response {
    Response(
      status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
  }
}
