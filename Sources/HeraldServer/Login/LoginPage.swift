import Foundation
import HeraldCore

/// The login of a server reachable from other machines, or serving many users: one field for a
/// bearer token (the tokens `tokenCommand` prints), posted with the form token.
struct LoginPage {
  let texts: PageTexts
  /// The command that prints a token this server accepts: `herald token create NAME` for one
  /// person's SQLite file, `herald user add NAME` for many users in PostgreSQL.
  let tokenCommand: String
  let formToken: String
  /// The page to go to after logging in (already checked by `safeReturnPath`).
  let returnPath: String

  func render(error: Bool) -> HTML {
    let message = error ? PageLayout.notice(texts.wrongToken, isError: true) : nil
    return PageLayout(texts: texts).render(
      .login, title: texts.login, message: message,
      body: """
        <form method="post" action="/login" id="login-form">
        \(FormToken.field(formToken))
        <input type="hidden" name="next" value="\(returnPath)">
        <p><label for="token">\(texts.token(printedBy: tokenCommand))</label>
        <input type="password" id="token" name="token" autocomplete="current-password" required size="50"></p>
        <p><button type="submit" id="login">\(texts.login)</button></p>
        </form>
        """)
  }

  /// `/login`, remembering `path` to come back to.
  static func path(returningTo path: String) -> String {
    guard path != "/", path != "/today" else { return "/login" }
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+?#")
    return "/login?next=" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/")
  }

  /// `path` when it is a page of this server, else `/today`: a link to the login page must not
  /// send the browser on to another site (`//evil.example`, `/\evil.example`, `https://…`).
  static func safeReturnPath(_ path: String?) -> String {
    guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"),
      !path.hasPrefix("/login"), path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else { return "/today" }
    return path
  }
}
